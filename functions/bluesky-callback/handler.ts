import { apiHandler } from '#shared/http/api-handler';
import { oauthNonceFrom } from '#shared/http/oauth-browser-cookie';
import { completeBlueskyAuthorization, type BlueskyCallbackQuery } from '#shared/use-cases/bluesky-oauth-connection';
import { callbackRedirectUrl } from '#shared/use-cases/linkedin-connection';

// The URL carried a code and a state: keep both out of caches and out of the next page's Referer.
const PRIVATE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

export const handler = apiHandler<undefined, BlueskyCallbackQuery>({
  operation: 'bluesky-callback',
  // A browser arrives here from the user's PDS without an API key: the state, with the nonce
  // cookie of the browser that started it, authenticates it.
  handle: async ({ query, cookies, state }) => {
    Object.assign(state.responseHeaders, PRIVATE);
    const outcome = await completeBlueskyAuthorization(query, oauthNonceFrom(cookies));
    state.accountId = outcome.accountId; // for the request's log line
    if (outcome.returnUrl) {
      return { statusCode: 302, headers: { location: callbackRedirectUrl(outcome.returnUrl, outcome) } };
    }
    if (outcome.error) throw outcome.error;
    return { statusCode: 201, body: { profile: outcome.profile } };
  },
});
