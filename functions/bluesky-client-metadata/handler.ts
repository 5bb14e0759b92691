import { apiHandler } from '#shared/http/api-handler';
import { blueskyClientMetadataEndpoint } from '#shared/http/endpoints/bluesky-client-documents/endpoint';

export const handler = apiHandler({ ...blueskyClientMetadataEndpoint, operation: 'bluesky-client-metadata' });
