import { apiHandler } from '#shared/http/api-handler';
import { createWebhookEndpoint } from './endpoint';

export const handler = apiHandler({ ...createWebhookEndpoint, operation: 'create-webhook' });
