import { apiHandler } from '#shared/http/api-handler';
import { listWebhooksEndpoint } from '#shared/http/endpoints/list-webhooks/endpoint';

export const handler = apiHandler({ ...listWebhooksEndpoint, operation: 'list-webhooks' });
