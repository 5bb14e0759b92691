import { apiHandler } from '#shared/http/api-handler';
import { getUsage } from '#shared/use-cases/usage';

export const handler = apiHandler({
  operation: 'dashboard-get-usage',
  auth: 'session',
  handle: async ({ accountId }) => ({ statusCode: 200, body: { usage: await getUsage(accountId) } }),
});
