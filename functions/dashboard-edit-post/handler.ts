import { editPostEndpoint } from '#shared/http/endpoints/edit-post/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/**
 * The dashboard's twin of edit-post: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins").
 * The posts page sends one idempotency-key per opened editor: a double save edits once.
 */
export const handler = apiHandler({ ...editPostEndpoint, operation: 'dashboard-edit-post', auth: 'session' });
