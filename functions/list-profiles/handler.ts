import { apiHandler } from '#shared/http/api-handler';
import { listProfilesEndpoint } from '#shared/http/endpoints/list-profiles/endpoint';

export const handler = apiHandler({ ...listProfilesEndpoint, operation: 'list-profiles' });
