import { apiHandler } from '#shared/http/api-handler';
import { createKeyEndpoint } from '#shared/http/endpoints/create-key/endpoint';

export const handler = apiHandler({ ...createKeyEndpoint, operation: 'create-key' });
