import { apiHandler } from '#shared/http/api-handler';
import { refreshInboxEndpoint } from '#shared/http/endpoints/refresh-inbox/endpoint';

export const handler = apiHandler({ ...refreshInboxEndpoint, operation: 'refresh-inbox' });
