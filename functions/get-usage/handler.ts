import { apiHandler } from '#shared/http/api-handler';
import { getUsageEndpoint } from './endpoint';

export const handler = apiHandler({ ...getUsageEndpoint, operation: 'get-usage' });
