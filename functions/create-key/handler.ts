import { apiHandler } from '#shared/http/api-handler';
import { createKeyEndpoint } from './endpoint';

export const handler = apiHandler({ ...createKeyEndpoint, operation: 'create-key' });
