import { retryPostEndpoint } from '#shared/http/endpoints/retry-post/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of retry-post: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...retryPostEndpoint, operation: 'dashboard-retry-post', auth: 'session' });
