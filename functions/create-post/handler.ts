import { apiHandler } from '#shared/http/api-handler';
import { createPostEndpoint } from '#shared/http/endpoints/create-post/endpoint';

export const handler = apiHandler({ ...createPostEndpoint, operation: 'create-post' });
