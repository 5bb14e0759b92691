import { apiHandler } from '#shared/http/api-handler';
import { listWebhookDeliveriesEndpoint } from '#shared/http/endpoints/list-webhook-deliveries/endpoint';

export const handler = apiHandler({ ...listWebhookDeliveriesEndpoint, operation: 'list-webhook-deliveries' });
