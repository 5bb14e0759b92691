import { parseId } from '#shared/domain/ids';
import { apiHandler } from '#shared/http/api-handler';
import { deletePost } from '#shared/use-cases/posts';

export const handler = apiHandler({
  operation: 'dashboard-delete-post',
  auth: 'session',
  handle: async ({ accountId, path }) => {
    await deletePost(accountId, parseId(path.id));
    return { statusCode: 204 };
  },
});
