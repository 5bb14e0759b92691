import { listProfileAuthorsEndpoint } from '#shared/http/endpoints/list-profile-authors/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of list-profile-authors: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...listProfileAuthorsEndpoint, operation: 'dashboard-list-profile-authors', auth: 'session' });
