import { apiHandler } from '#shared/http/api-handler';
import { authorizeLinkedInEndpoint } from '#shared/http/endpoints/authorize-linkedin/endpoint';

export const handler = apiHandler({ ...authorizeLinkedInEndpoint, operation: 'authorize-linkedin' });
