import { apiHandler } from '#shared/http/api-handler';
import { blueskyClientKeySet } from '#shared/use-cases/bluesky-oauth-client-documents';

export const handler = apiHandler({
  operation: 'bluesky-jwks',
  // Public keys only: a PDS checks the client's signed assertions with them.
  handle: async () => ({ statusCode: 200, body: await blueskyClientKeySet(), headers: { 'cache-control': 'public, max-age=300' } }),
});
