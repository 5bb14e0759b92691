import { apiHandler } from '#shared/http/api-handler';
import { testWebhookEndpoint } from '#shared/http/endpoints/test-webhook/endpoint';

export const handler = apiHandler({ ...testWebhookEndpoint, operation: 'test-webhook' });
