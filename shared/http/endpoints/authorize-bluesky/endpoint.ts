import type { EndpointDefinition } from '#shared/http/api-handler';
import { startBlueskyAuthorization } from '#shared/use-cases/bluesky-oauth-connection';
import { authorizeBlueskySchema, type AuthorizeBlueskyBody } from './schema';
import * as validators from './schema.validators';

export const authorizeBlueskyEndpoint: EndpointDefinition<AuthorizeBlueskyBody> = {
  body: { schema: authorizeBlueskySchema, validator: validators.authorizeBlueskySchema },
  // Not idempotent on purpose (as LinkedIn's): a replay would hand out one single-use state twice.
  handle: async ({ accountId, body }) => ({
    statusCode: 200,
    body: await startBlueskyAuthorization(accountId, body.handle, body.return_url),
  }),
};
