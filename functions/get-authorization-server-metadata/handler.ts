import { apiHandler } from '#shared/http/api-handler';
import { authorizationServerDocument } from '#shared/use-cases/oauth/discovery';

/** GET /.well-known/oauth-authorization-server: RFC 8414 metadata; no authentication. */
export const handler = apiHandler({
  operation: 'get-authorization-server-metadata',
  handle: async () => ({ statusCode: 200, body: authorizationServerDocument() }),
});
