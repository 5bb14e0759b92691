import { apiHandler } from '#shared/http/api-handler';
import { deleteWebhookEndpoint } from '#shared/http/endpoints/delete-webhook/endpoint';

export const handler = apiHandler({ ...deleteWebhookEndpoint, operation: 'delete-webhook' });
