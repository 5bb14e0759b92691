import { apiHandler } from '#shared/http/api-handler';
import { getSeriesEndpoint } from '#shared/http/endpoints/get-series/endpoint';

export const handler = apiHandler({ ...getSeriesEndpoint, operation: 'get-series' });
