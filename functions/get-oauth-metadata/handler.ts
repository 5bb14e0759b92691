import { apiHandler } from '#shared/http/api-handler';
import { wellKnownDocument } from '#shared/use-cases/oauth/discovery';

/** GET /.well-known/{document}: RFC 9728 protected-resource and RFC 8414 authorization-server metadata; no authentication. */
export const handler = apiHandler({
  operation: 'get-oauth-metadata',
  handle: async ({ path }) => ({ statusCode: 200, body: wellKnownDocument(path.document) }),
});
