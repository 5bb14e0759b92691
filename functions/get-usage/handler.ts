import { apiHandler } from '#shared/http/api-handler';
import { getUsageEndpoint } from '#shared/http/endpoints/get-usage/endpoint';

export const handler = apiHandler({ ...getUsageEndpoint, operation: 'get-usage' });
