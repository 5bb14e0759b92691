import { apiHandler } from '#shared/http/api-handler';
import { parseId } from '#shared/domain/ids';
import { getPost } from '#shared/use-cases/posts';

export const handler = apiHandler({
  operation: 'get-post',
  handle: async ({ accountId, path }) => ({ statusCode: 200, body: { post: await getPost(accountId, parseId(path.id)) } }),
});
