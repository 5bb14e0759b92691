import { listProfilesEndpoint } from '#shared/http/endpoints/list-profiles/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of list-profiles: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...listProfilesEndpoint, operation: 'dashboard-list-profiles', auth: 'session' });
