import { apiHandler } from '#shared/http/api-handler';
import { authorizeBlueskyEndpoint } from '#shared/http/endpoints/authorize-bluesky/endpoint';

export const handler = apiHandler({ ...authorizeBlueskyEndpoint, operation: 'authorize-bluesky' });
