import { apiHandler } from '#shared/http/api-handler';
import { editPostEndpoint } from './endpoint';

export const handler = apiHandler({ ...editPostEndpoint, operation: 'edit-post' });
