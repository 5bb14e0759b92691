import { apiHandler } from '#shared/http/api-handler';
import { blueskyClientMetadataDocument } from '#shared/use-cases/bluesky-oauth-client-documents';

export const handler = apiHandler({
  operation: 'bluesky-client-metadata',
  // Public by nature: a PDS fetches it to learn about the client whose id is this URL.
  handle: async () => ({ statusCode: 200, body: blueskyClientMetadataDocument(), headers: { 'cache-control': 'public, max-age=300' } }),
});
