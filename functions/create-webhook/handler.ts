import { apiHandler } from '#shared/http/api-handler';
import { createWebhookEndpoint } from '#shared/http/endpoints/create-webhook/endpoint';

export const handler = apiHandler({ ...createWebhookEndpoint, operation: 'create-webhook' });
