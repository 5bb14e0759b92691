import { apiHandler } from '#shared/http/api-handler';
import { rotateWebhookSecretEndpoint } from '#shared/http/endpoints/rotate-webhook-secret/endpoint';

export const handler = apiHandler({ ...rotateWebhookSecretEndpoint, operation: 'rotate-webhook-secret' });
