import { apiHandler } from '#shared/http/api-handler';
import { listPosts } from '#shared/use-cases/posts';
import { listPostsQuerySchema, type ListPostsQuery } from './schema';

export const handler = apiHandler<undefined, ListPostsQuery>({
  operation: 'list-posts',
  query: { schema: listPostsQuerySchema },
  handle: async ({ accountId, query }) => ({ statusCode: 200, body: await listPosts(accountId, query) }),
});
