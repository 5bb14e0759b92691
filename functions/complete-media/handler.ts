import { apiHandler } from '#shared/http/api-handler';
import { completeMediaEndpoint } from './endpoint';

export const handler = apiHandler({ ...completeMediaEndpoint, operation: 'complete-media' });
