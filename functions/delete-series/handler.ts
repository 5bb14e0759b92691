import { apiHandler } from '#shared/http/api-handler';
import { deleteSeriesEndpoint } from '#shared/http/endpoints/delete-series/endpoint';

export const handler = apiHandler({ ...deleteSeriesEndpoint, operation: 'delete-series' });
