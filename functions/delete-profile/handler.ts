import { apiHandler } from '#shared/http/api-handler';
import { deleteProfileEndpoint } from './endpoint';

export const handler = apiHandler({ ...deleteProfileEndpoint, operation: 'delete-profile' });
