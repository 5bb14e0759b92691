import { apiHandler } from '#shared/http/api-handler';
import { updateInboxItemEndpoint } from '#shared/http/endpoints/update-inbox-item/endpoint';

export const handler = apiHandler({ ...updateInboxItemEndpoint, operation: 'update-inbox-item' });
