import { apiHandler } from '#shared/http/api-handler';
import { listPostsEndpoint } from '#shared/http/endpoints/list-posts/endpoint';

export const handler = apiHandler({ ...listPostsEndpoint, operation: 'list-posts' });
