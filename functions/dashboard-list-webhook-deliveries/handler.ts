import { listWebhookDeliveriesEndpoint } from '#shared/http/endpoints/list-webhook-deliveries/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of list-webhook-deliveries: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...listWebhookDeliveriesEndpoint, operation: 'dashboard-list-webhook-deliveries', auth: 'session' });
