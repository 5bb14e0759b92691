import { apiHandler } from '#shared/http/api-handler';
import { deleteWebhookEndpoint } from './endpoint';

export const handler = apiHandler({ ...deleteWebhookEndpoint, operation: 'delete-webhook' });
