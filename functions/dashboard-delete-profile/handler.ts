import { parseId } from '#shared/domain/ids';
import { apiHandler } from '#shared/http/api-handler';
import { deleteProfile } from '#shared/use-cases/profiles';

export const handler = apiHandler({
  operation: 'dashboard-delete-profile',
  auth: 'session',
  handle: async ({ accountId, path }) => {
    await deleteProfile(accountId, parseId(path.id));
    return { statusCode: 204 };
  },
});
