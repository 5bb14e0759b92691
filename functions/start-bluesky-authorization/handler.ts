import { apiHandler } from '#shared/http/api-handler';
import { oauthNonceCookie, oauthNonceFrom } from '#shared/http/oauth-browser-cookie';
import { bindBlueskyAuthorization } from '#shared/use-cases/bluesky-oauth-connection';

// The URL carries the state: keep it out of caches and out of the next page's Referer.
const PRIVATE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

export const handler = apiHandler<undefined, { state?: string }>({
  operation: 'start-bluesky-authorization',
  // The person's browser opens the authorization URL here: the single-use state authenticates it.
  handle: async ({ query, cookies, state }) => {
    Object.assign(state.responseHeaders, PRIVATE);
    const { nonce, location } = await bindBlueskyAuthorization(query.state, oauthNonceFrom(cookies));
    return { statusCode: 302, headers: { location }, cookies: [oauthNonceCookie(nonce)] };
  },
});
