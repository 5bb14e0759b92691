import { listPostsQuerySchema, type ListPostsQuery } from '#functions/list-posts/schema';
import * as validators from '#functions/list-posts/schema.validators';
import { apiHandler } from '#shared/http/api-handler';
import { listPosts } from '#shared/use-cases/posts';

export const handler = apiHandler<undefined, ListPostsQuery>({
  operation: 'dashboard-list-posts',
  auth: 'session',
  query: { schema: listPostsQuerySchema, validator: validators.listPostsQuerySchema },
  handle: async ({ accountId, query }) => ({ statusCode: 200, body: await listPosts(accountId, query) }),
});
