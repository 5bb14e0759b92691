import { apiHandler } from '#shared/http/api-handler';
import { listKeysEndpoint } from '#shared/http/endpoints/list-keys/endpoint';

export const handler = apiHandler({ ...listKeysEndpoint, operation: 'list-keys' });
