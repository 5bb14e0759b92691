import { apiHandler } from '#shared/http/api-handler';
import { listKeysEndpoint } from './endpoint';

export const handler = apiHandler({ ...listKeysEndpoint, operation: 'list-keys' });
