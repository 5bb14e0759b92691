import { createPostEndpoint } from '#shared/http/endpoints/create-post/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/**
 * The dashboard's twin of create-post: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins").
 * The compose page sends one idempotency-key per draft, so a double click creates one post.
 */
export const handler = apiHandler({ ...createPostEndpoint, operation: 'dashboard-create-post', auth: 'session' });
