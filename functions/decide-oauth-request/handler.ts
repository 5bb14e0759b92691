import { apiHandler } from '#shared/http/api-handler';
import { decideOAuthRequestSchema, type DecideOAuthRequestBody } from '#shared/http/endpoints/decide-oauth-request/schema';
import * as validators from '#shared/http/endpoints/decide-oauth-request/schema.validators';
import { decideAuthorizationRequest } from '#shared/use-cases/oauth/authorize';

/** POST /dashboard/api/oauth/decision: the consent page's Allow or Deny (session and CSRF token). */
export const handler = apiHandler<DecideOAuthRequestBody>({
  operation: 'decide-oauth-request',
  body: { schema: decideOAuthRequestSchema, validator: validators.decideOAuthRequestSchema },
  handle: async ({ accountId, body }) => ({
    statusCode: 200,
    body: { redirect_url: await decideAuthorizationRequest(accountId, body.request, body) },
  }),
});
