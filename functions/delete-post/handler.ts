import { apiHandler } from '#shared/http/api-handler';
import { deletePostEndpoint } from './endpoint';

export const handler = apiHandler({ ...deletePostEndpoint, operation: 'delete-post' });
