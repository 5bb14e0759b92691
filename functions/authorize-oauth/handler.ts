import { apiHandler } from '#shared/http/api-handler';
import { startAuthorization, type AuthorizeQuery } from '#shared/use-cases/oauth/authorize';

// The URL carries the client's state and challenge: keep it out of caches and out of the next page's Referer.
const PRIVATE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

/**
 * GET /oauth/authorize: the browser arrives from the app; no authentication here. Always a 302: to
 * the dashboard's consent page (or its error page), or back to the app with `error=`.
 */
export const handler = apiHandler<undefined, AuthorizeQuery>({
  operation: 'authorize-oauth',
  handle: async ({ query, state }) => {
    Object.assign(state.responseHeaders, PRIVATE);
    return { statusCode: 302, headers: { location: await startAuthorization(query) } };
  },
});
