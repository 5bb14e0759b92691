import { authorizeLinkedInSchema, type AuthorizeLinkedInBody } from '#functions/authorize-linkedin/schema';
import * as validators from '#functions/authorize-linkedin/schema.validators';
import { apiHandler } from '#shared/http/api-handler';
import { startLinkedInAuthorization } from '#shared/use-cases/linkedin-connection';

export const handler = apiHandler<AuthorizeLinkedInBody>({
  operation: 'dashboard-authorize-linkedin',
  auth: 'session',
  // The dashboard sends its own profiles page as return_url; the same host rules apply.
  body: { schema: authorizeLinkedInSchema, validator: validators.authorizeLinkedInSchema },
  handle: async ({ accountId, body }) => ({
    statusCode: 200,
    body: await startLinkedInAuthorization(accountId, body.return_url),
  }),
});
