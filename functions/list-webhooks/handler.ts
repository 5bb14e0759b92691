import { apiHandler } from '#shared/http/api-handler';
import { listWebhooksEndpoint } from './endpoint';

export const handler = apiHandler({ ...listWebhooksEndpoint, operation: 'list-webhooks' });
