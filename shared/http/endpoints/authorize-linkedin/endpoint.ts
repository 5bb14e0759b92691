import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { startLinkedInAuthorization } from '#shared/use-cases/linkedin-connection';
import { authorizeLinkedInSchema, type AuthorizeLinkedInBody } from './schema';
import * as validators from './schema.validators';

export const authorizeLinkedInEndpoint: EndpointDefinition<AuthorizeLinkedInBody> = {
  body: { schema: authorizeLinkedInSchema, validator: validators.authorizeLinkedInSchema },
  // Not idempotent on purpose: a replay would hand out the same single-use state twice, and the
  // stored response would keep a live secret for 24 h. Starting again is free and harmless.
  handle: async ({ accountId, body, state }) => ({
    statusCode: 200,
    body: await startLinkedInAuthorization(accountId, body.return_url, body.author, auditActorOf(state)),
  }),
};
