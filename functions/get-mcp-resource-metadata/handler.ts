import { apiHandler } from '#shared/http/api-handler';
import { protectedResourceDocument } from '#shared/use-cases/oauth/discovery';

/** GET /.well-known/oauth-protected-resource/mcp: RFC 9728 metadata at the resource's path, where a 401 from /mcp points. */
export const handler = apiHandler({
  operation: 'get-mcp-resource-metadata',
  handle: async () => ({ statusCode: 200, body: protectedResourceDocument() }),
});
