import { apiHandler } from '#shared/http/api-handler';
import { parseId } from '#shared/domain/ids';
import { getPost } from '#shared/use-cases/posts';
import { etagOf } from '#shared/http/if-match';

export const handler = apiHandler({
  operation: 'get-post',
  handle: async ({ accountId, path }) => {
    const post = await getPost(accountId, parseId(path.id));
    return { statusCode: 200, body: { post }, headers: { etag: etagOf(post.version) } };
  },
});
