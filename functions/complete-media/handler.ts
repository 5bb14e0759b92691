import { apiHandler } from '#shared/http/api-handler';
import { completeMediaEndpoint } from '#shared/http/endpoints/complete-media/endpoint';

export const handler = apiHandler({ ...completeMediaEndpoint, operation: 'complete-media' });
