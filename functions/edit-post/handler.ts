import { apiHandler } from '#shared/http/api-handler';
import { editPostEndpoint } from '#shared/http/endpoints/edit-post/endpoint';

export const handler = apiHandler({ ...editPostEndpoint, operation: 'edit-post' });
