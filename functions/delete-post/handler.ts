import { apiHandler } from '#shared/http/api-handler';
import { deletePostEndpoint } from '#shared/http/endpoints/delete-post/endpoint';

export const handler = apiHandler({ ...deletePostEndpoint, operation: 'delete-post' });
