import { parseId } from '#shared/domain/ids';
import { apiHandler } from '#shared/http/api-handler';
import { getProfile } from '#shared/use-cases/profiles';

export const handler = apiHandler({
  operation: 'get-profile',
  handle: async ({ accountId, path }) => ({ statusCode: 200, body: { profile: await getProfile(accountId, parseId(path.id)) } }),
});
