import { deleteWebhookEndpoint } from '#shared/http/endpoints/delete-webhook/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of delete-webhook: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...deleteWebhookEndpoint, operation: 'dashboard-delete-webhook', auth: 'session' });
