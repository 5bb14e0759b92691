import { deletePostEndpoint } from '#shared/http/endpoints/delete-post/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of delete-post: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...deletePostEndpoint, operation: 'dashboard-delete-post', auth: 'session' });
