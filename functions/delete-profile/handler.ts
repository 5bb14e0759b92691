import { apiHandler } from '#shared/http/api-handler';
import { deleteProfileEndpoint } from '#shared/http/endpoints/delete-profile/endpoint';

export const handler = apiHandler({ ...deleteProfileEndpoint, operation: 'delete-profile' });
