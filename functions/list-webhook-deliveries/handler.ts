import { apiHandler } from '#shared/http/api-handler';
import { listWebhookDeliveriesEndpoint } from './endpoint';

export const handler = apiHandler({ ...listWebhookDeliveriesEndpoint, operation: 'list-webhook-deliveries' });
