import { apiHandler } from '#shared/http/api-handler';
import { parseId } from '#shared/domain/ids';
import { deletePost } from '#shared/use-cases/posts';

export const handler = apiHandler({
  operation: 'delete-post',
  handle: async ({ accountId, path }) => {
    await deletePost(accountId, parseId(path.id));
    return { statusCode: 204 };
  },
});
