import { apiHandler } from '#shared/http/api-handler';
import { listWebhooks } from '#shared/use-cases/webhooks/endpoints';

export const handler = apiHandler({
  operation: 'dashboard-list-webhooks',
  auth: 'session',
  handle: async ({ accountId }) => ({ statusCode: 200, body: { webhooks: await listWebhooks(accountId) } }),
});
