import { apiHandler } from '#shared/http/api-handler';
import { listProfilesEndpoint } from './endpoint';

export const handler = apiHandler({ ...listProfilesEndpoint, operation: 'list-profiles' });
