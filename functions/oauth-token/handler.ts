import { apiHandler } from '#shared/http/api-handler';
import { oauthAnswer, protocolParameters } from '#shared/http/oauth-protocol';
import { exchangeToken } from '#shared/use-cases/oauth/token';

/** POST /oauth/token: authorization_code (PKCE) and refresh_token grants for public clients; the client_id is in the body. */
export const handler = apiHandler({
  operation: 'oauth-token',
  handle: ({ state, event }) => oauthAnswer(state, async () => ({ statusCode: 200, body: await exchangeToken(protocolParameters(event)) })),
});
