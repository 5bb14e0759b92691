import { apiHandler } from '#shared/http/api-handler';
import { deleteKeyEndpoint } from './endpoint';

export const handler = apiHandler({ ...deleteKeyEndpoint, operation: 'delete-key' });
