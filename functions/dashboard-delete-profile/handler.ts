import { deleteProfileEndpoint } from '#shared/http/endpoints/delete-profile/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of delete-profile: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...deleteProfileEndpoint, operation: 'dashboard-delete-profile', auth: 'session' });
