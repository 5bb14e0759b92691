import { apiHandler } from '#shared/http/api-handler';
import { refreshPostMetricsEndpoint } from '#shared/http/endpoints/refresh-post-metrics/endpoint';

export const handler = apiHandler({ ...refreshPostMetricsEndpoint, operation: 'refresh-post-metrics' });
