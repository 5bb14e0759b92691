import { createWebhookEndpoint } from '#shared/http/endpoints/create-webhook/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of create-webhook: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...createWebhookEndpoint, operation: 'dashboard-create-webhook', auth: 'session' });
