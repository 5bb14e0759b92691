import { listPostsQuerySchema, type ListPostsQuery } from '#functions/list-posts/schema';
import { apiHandler } from '#shared/http/api-handler';
import { listPosts } from '#shared/use-cases/posts';

export const handler = apiHandler<undefined, ListPostsQuery>({
  operation: 'dashboard-list-posts',
  auth: 'session',
  query: { schema: listPostsQuerySchema },
  handle: async ({ accountId, query }) => ({ statusCode: 200, body: await listPosts(accountId, query) }),
});
