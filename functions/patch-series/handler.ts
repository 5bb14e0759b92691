import { apiHandler } from '#shared/http/api-handler';
import { patchSeriesEndpoint } from '#shared/http/endpoints/patch-series/endpoint';

export const handler = apiHandler({ ...patchSeriesEndpoint, operation: 'patch-series' });
