import { apiHandler } from '#shared/http/api-handler';
import { connectBlueskyEndpoint } from './endpoint';

export const handler = apiHandler({ ...connectBlueskyEndpoint, operation: 'connect-bluesky' });
