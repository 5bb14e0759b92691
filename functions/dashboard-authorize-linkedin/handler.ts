import { authorizeLinkedInEndpoint } from '#shared/http/endpoints/authorize-linkedin/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/**
 * The dashboard's twin of authorize-linkedin: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins").
 * The dashboard sends its own profiles page as return_url; the same host rules apply.
 */
export const handler = apiHandler({ ...authorizeLinkedInEndpoint, operation: 'dashboard-authorize-linkedin', auth: 'session' });
