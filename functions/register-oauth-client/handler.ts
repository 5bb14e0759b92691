import { apiHandler } from '#shared/http/api-handler';
import { oauthAnswer, protocolJson } from '#shared/http/oauth-protocol';
import { registerClient } from '#shared/use-cases/oauth/clients';

/** POST /oauth/register: RFC 7591 dynamic registration of a public client; no authentication (the RFC's open registration). */
export const handler = apiHandler({
  operation: 'register-oauth-client',
  handle: ({ state, event }) => oauthAnswer(state, async () => ({ statusCode: 201, body: await registerClient(protocolJson(event)) })),
});
