import { apiHandler } from '#shared/http/api-handler';
import { listWebhooks } from '#shared/use-cases/webhooks/endpoints';

export const handler = apiHandler({
  operation: 'list-webhooks',
  handle: async ({ accountId }) => ({ statusCode: 200, body: { webhooks: await listWebhooks(accountId) } }),
});
