import type { EndpointDefinition } from '#shared/http/api-handler';
import { blueskyClientKeySet, blueskyClientMetadataDocument } from '#shared/use-cases/bluesky-oauth-client-documents';
import { blueskyClientDocumentQuerySchema } from './schema';
import * as validators from './schema.validators';

const query = { schema: blueskyClientDocumentQuerySchema, validator: validators.blueskyClientDocumentQuerySchema };
// Public by nature (a PDS reads them to learn about the client); cached briefly, as key changes are rare.
const CACHE = { 'cache-control': 'public, max-age=300' };

export const blueskyClientMetadataEndpoint: EndpointDefinition = {
  query,
  handle: async () => ({ statusCode: 200, body: blueskyClientMetadataDocument(), headers: CACHE }),
};

export const blueskyJwksEndpoint: EndpointDefinition = {
  query,
  handle: async () => ({ statusCode: 200, body: await blueskyClientKeySet(), headers: CACHE }),
};
