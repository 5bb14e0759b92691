import { apiHandler } from '#shared/http/api-handler';
import { listProfileAuthorsEndpoint } from '#shared/http/endpoints/list-profile-authors/endpoint';

export const handler = apiHandler({ ...listProfileAuthorsEndpoint, operation: 'list-profile-authors' });
