import { apiHandler } from '#shared/http/api-handler';
import { testWebhookEndpoint } from './endpoint';

export const handler = apiHandler({ ...testWebhookEndpoint, operation: 'test-webhook' });
