import { apiHandler } from '#shared/http/api-handler';
import { connectBlueskyEndpoint } from '#shared/http/endpoints/connect-bluesky/endpoint';

export const handler = apiHandler({ ...connectBlueskyEndpoint, operation: 'connect-bluesky' });
