import { apiHandler } from '#shared/http/api-handler';
import { listPostsEndpoint } from './endpoint';

export const handler = apiHandler({ ...listPostsEndpoint, operation: 'list-posts' });
