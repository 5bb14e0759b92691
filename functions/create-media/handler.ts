import { apiHandler } from '#shared/http/api-handler';
import { createMediaEndpoint } from './endpoint';

export const handler = apiHandler({ ...createMediaEndpoint, operation: 'create-media' });
