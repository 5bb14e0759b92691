import { apiHandler } from '#shared/http/api-handler';
import { parseId } from '#shared/domain/ids';
import { deleteAccountApiKey } from '#shared/use-cases/keys';

export const handler = apiHandler({
  operation: 'delete-key',
  handle: async ({ accountId, path }) => {
    await deleteAccountApiKey(accountId, parseId(path.id));
    return { statusCode: 204 };
  },
});
