import { apiHandler } from '#shared/http/api-handler';
import { deleteKeyEndpoint } from '#shared/http/endpoints/delete-key/endpoint';

export const handler = apiHandler({ ...deleteKeyEndpoint, operation: 'delete-key' });
