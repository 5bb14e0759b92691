import { apiHandler } from '#shared/http/api-handler';
import { putQueueEndpoint } from '#shared/http/endpoints/put-queue/endpoint';

export const handler = apiHandler({ ...putQueueEndpoint, operation: 'put-queue' });
