import { parseId } from '#shared/domain/ids';
import { apiHandler } from '#shared/http/api-handler';
import { deleteAccountApiKey } from '#shared/use-cases/keys';

export const handler = apiHandler({
  operation: 'dashboard-delete-key',
  auth: 'session',
  handle: async ({ accountId, path }) => {
    await deleteAccountApiKey(accountId, parseId(path.id));
    return { statusCode: 204 };
  },
});
