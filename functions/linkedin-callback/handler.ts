import { apiHandler } from '#shared/http/api-handler';
import { oauthNonceFrom } from '#shared/http/oauth-browser-cookie';
import { callbackRedirectUrl, completeLinkedInAuthorization, type CallbackQuery } from '#shared/use-cases/linkedin-connection';

// The URL carried a code and a state: keep both out of caches and out of the next page's Referer.
const PRIVATE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

export const handler = apiHandler<undefined, CallbackQuery>({
  operation: 'linkedin-callback',
  // A browser arrives here from LinkedIn without an API key: the single-use state, with the
  // nonce cookie of the browser that started it, authenticates it.
  handle: async ({ query, cookies, state }) => {
    // On every answer, errors included (the middleware adds these to whatever goes out).
    Object.assign(state.responseHeaders, PRIVATE);
    const outcome = await completeLinkedInAuthorization(query, oauthNonceFrom(cookies));
    state.accountId = outcome.accountId; // for the request's log line
    if (outcome.returnUrl) {
      return { statusCode: 302, headers: { location: callbackRedirectUrl(outcome.returnUrl, outcome) } };
    }
    if (outcome.error) throw outcome.error;
    return { statusCode: 201, body: { profile: outcome.profile } };
  },
});
