import { apiHandler } from '#shared/http/api-handler';
import { oauthRequestQuerySchema, type OAuthRequestQuery } from '#shared/http/endpoints/get-oauth-request/schema';
import * as validators from '#shared/http/endpoints/get-oauth-request/schema.validators';
import { describeAuthorizationRequest } from '#shared/use-cases/oauth/authorize';

/** GET /dashboard/api/oauth/request?request=…: what the consent page shows (the signed-in dashboard only). */
export const handler = apiHandler<undefined, OAuthRequestQuery>({
  operation: 'get-oauth-request',
  query: { schema: oauthRequestQuerySchema, validator: validators.oauthRequestQuerySchema },
  handle: async ({ query }) => ({ statusCode: 200, body: await describeAuthorizationRequest(query.request) }),
});
