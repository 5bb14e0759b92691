import { apiHandler } from '#shared/http/api-handler';
import { listAccountConnections } from '#shared/use-cases/oauth/connections';

export const handler = apiHandler({
  operation: 'list-connections',
  handle: async ({ accountId }) => ({ statusCode: 200, body: { connections: await listAccountConnections(accountId) } }),
});
