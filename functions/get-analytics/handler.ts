import { apiHandler } from '#shared/http/api-handler';
import { getAnalyticsEndpoint } from '#shared/http/endpoints/get-analytics/endpoint';

export const handler = apiHandler({ ...getAnalyticsEndpoint, operation: 'get-analytics' });
