import { apiHandler } from '#shared/http/api-handler';
import { parseId } from '#shared/domain/ids';
import { readMedia } from '#shared/use-cases/media';

export const handler = apiHandler({
  operation: 'get-media',
  handle: async ({ accountId, path }) => ({ statusCode: 200, body: { media: await readMedia(accountId, parseId(path.id)) } }),
});
