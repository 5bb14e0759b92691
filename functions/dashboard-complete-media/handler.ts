import { completeMediaEndpoint } from '#shared/http/endpoints/complete-media/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of complete-media: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...completeMediaEndpoint, operation: 'dashboard-complete-media', auth: 'session' });
