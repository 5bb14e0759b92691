import { apiHandler } from '#shared/http/api-handler';
import { getInboxItemEndpoint } from '#shared/http/endpoints/get-inbox-item/endpoint';

export const handler = apiHandler({ ...getInboxItemEndpoint, operation: 'get-inbox-item' });
