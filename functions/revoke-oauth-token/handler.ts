import { apiHandler } from '#shared/http/api-handler';
import { oauthAnswer, protocolParameters } from '#shared/http/oauth-protocol';
import { revokeToken } from '#shared/use-cases/oauth/token';

/** POST /oauth/revoke (RFC 7009): 200 whether or not the token was known. */
export const handler = apiHandler({
  operation: 'revoke-oauth-token',
  handle: ({ state, event }) =>
    oauthAnswer(state, async () => {
      await revokeToken(protocolParameters(event));
      return { statusCode: 200 };
    }),
});
