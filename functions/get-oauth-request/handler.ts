import { apiHandler } from '#shared/http/api-handler';
import { describeAuthorizationRequest } from '#shared/use-cases/oauth/authorize';

/** GET /dashboard/api/oauth/requests/{request}: what the consent page shows (the signed-in dashboard only). */
export const handler = apiHandler({
  operation: 'get-oauth-request',
  handle: async ({ path }) => ({ statusCode: 200, body: await describeAuthorizationRequest(path.request) }),
});
