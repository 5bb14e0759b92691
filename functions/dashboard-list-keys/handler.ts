import { apiHandler } from '#shared/http/api-handler';
import { listAccountApiKeys } from '#shared/use-cases/keys';

export const handler = apiHandler({
  operation: 'dashboard-list-keys',
  auth: 'session',
  handle: async ({ accountId }) => ({ statusCode: 200, body: { keys: await listAccountApiKeys(accountId) } }),
});
