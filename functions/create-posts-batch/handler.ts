import { apiHandler } from '#shared/http/api-handler';
import { createPostsBatchEndpoint } from '#shared/http/endpoints/create-posts-batch/endpoint';

export const handler = apiHandler({ ...createPostsBatchEndpoint, operation: 'create-posts-batch' });
