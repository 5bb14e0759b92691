import { apiHandler } from '#shared/http/api-handler';
import { resourceMetadataDocument } from '#shared/use-cases/oauth/discovery';

/** GET /.well-known/oauth-protected-resource/{resource}: RFC 9728 metadata at the resource's path (/mcp). */
export const handler = apiHandler({
  operation: 'get-resource-metadata',
  handle: async ({ path }) => ({ statusCode: 200, body: resourceMetadataDocument(path.resource) }),
});
