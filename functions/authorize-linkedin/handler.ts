import { apiHandler } from '#shared/http/api-handler';
import { authorizeLinkedInEndpoint } from './endpoint';

export const handler = apiHandler({ ...authorizeLinkedInEndpoint, operation: 'authorize-linkedin' });
