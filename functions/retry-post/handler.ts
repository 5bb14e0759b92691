import { apiHandler } from '#shared/http/api-handler';
import { retryPostEndpoint } from './endpoint';

export const handler = apiHandler({ ...retryPostEndpoint, operation: 'retry-post' });
