import { apiHandler } from '#shared/http/api-handler';
import { getQueueEndpoint } from '#shared/http/endpoints/get-queue/endpoint';

export const handler = apiHandler({ ...getQueueEndpoint, operation: 'get-queue' });
