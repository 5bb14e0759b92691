import { apiHandler } from '#shared/http/api-handler';
import { revokeConnection } from '#shared/use-cases/oauth/connections';

/** DELETE /connections/{id}: every token of the connection refused from the next request on. */
export const handler = apiHandler({
  operation: 'delete-connection',
  pathId: true,
  handle: async ({ accountId, path, state }) => {
    await revokeConnection(accountId, path.id!, state, 'revoked by the account');
    return { statusCode: 204 };
  },
});
