import { listPostsEndpoint } from '#shared/http/endpoints/list-posts/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of list-posts: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...listPostsEndpoint, operation: 'dashboard-list-posts', auth: 'session' });
