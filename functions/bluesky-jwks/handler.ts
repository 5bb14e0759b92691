import { apiHandler } from '#shared/http/api-handler';
import { blueskyJwksEndpoint } from '#shared/http/endpoints/bluesky-client-documents/endpoint';

export const handler = apiHandler({ ...blueskyJwksEndpoint, operation: 'bluesky-jwks' });
