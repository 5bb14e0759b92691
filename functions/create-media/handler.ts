import { apiHandler } from '#shared/http/api-handler';
import { createMediaEndpoint } from '#shared/http/endpoints/create-media/endpoint';

export const handler = apiHandler({ ...createMediaEndpoint, operation: 'create-media' });
