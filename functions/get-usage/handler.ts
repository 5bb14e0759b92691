import { apiHandler } from '#shared/http/api-handler';
import { getUsage } from '#shared/use-cases/usage';

export const handler = apiHandler({
  operation: 'get-usage',
  handle: async ({ accountId }) => ({ statusCode: 200, body: { usage: await getUsage(accountId) } }),
});
