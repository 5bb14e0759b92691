import { apiHandler } from '#shared/http/api-handler';
import { protectedResourceDocument } from '#shared/use-cases/oauth/discovery';

/** GET /.well-known/oauth-protected-resource: RFC 9728 metadata of the MCP endpoint; no authentication. */
export const handler = apiHandler({
  operation: 'get-protected-resource-metadata',
  handle: async () => ({ statusCode: 200, body: protectedResourceDocument() }),
});
