import { apiHandler } from '#shared/http/api-handler';
import { createPostEndpoint } from './endpoint';

export const handler = apiHandler({ ...createPostEndpoint, operation: 'create-post' });
