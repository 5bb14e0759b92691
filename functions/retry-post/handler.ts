import { apiHandler } from '#shared/http/api-handler';
import { retryPostEndpoint } from '#shared/http/endpoints/retry-post/endpoint';

export const handler = apiHandler({ ...retryPostEndpoint, operation: 'retry-post' });
