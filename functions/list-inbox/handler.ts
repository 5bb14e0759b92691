import { apiHandler } from '#shared/http/api-handler';
import { listInboxEndpoint } from '#shared/http/endpoints/list-inbox/endpoint';

export const handler = apiHandler({ ...listInboxEndpoint, operation: 'list-inbox' });
