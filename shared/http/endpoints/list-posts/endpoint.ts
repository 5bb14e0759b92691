import type { EndpointDefinition } from '#shared/http/api-handler';
import { listPosts } from '#shared/use-cases/posts';
import { listPostsQuerySchema, type ListPostsQuery } from './schema';
import * as validators from './schema.validators';

export const listPostsEndpoint: EndpointDefinition<undefined, ListPostsQuery> = {
  query: { schema: listPostsQuerySchema, validator: validators.listPostsQuerySchema },
  handle: async ({ accountId, query }) => ({ statusCode: 200, body: await listPosts(accountId, query) }),
};
