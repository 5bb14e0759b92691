import { apiHandler } from '#shared/http/api-handler';
import { parseId } from '#shared/domain/ids';
import { deleteMedia } from '#shared/use-cases/media';

export const handler = apiHandler({
  operation: 'delete-media',
  handle: async ({ accountId, path }) => {
    await deleteMedia(accountId, parseId(path.id));
    return { statusCode: 204 };
  },
});
