import { previewPostEndpoint } from '#shared/http/endpoints/preview-post/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/**
 * The dashboard's twin of preview-post: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins").
 * The compose page's live preview.
 */
export const handler = apiHandler({ ...previewPostEndpoint, operation: 'dashboard-preview-post', auth: 'session' });
