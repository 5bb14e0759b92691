import type { Route } from './routes';
import { apiKeyAuth } from './api-key-auth';
import { sessionAuth } from './session-auth';
import type { HttpMiddleware } from './types';

/**
 * The authentication of a request, chosen from the route it came in by (docs/decisions/0101-auth-chosen-by-the-matched-route.md):
 * `requestContext.routeKey`, which API Gateway sets from the route it matched and a client cannot
 * forge (the local router and the MCP tool-request builder set it the same way). A public route
 * takes the API key (its scope, the rate limit, the bearer form where allowed); a dashboard route
 * the session cookie and CSRF token; never one chosen from a header the client sends.
 */
export function authenticationOf(operation: string, auth: Route['auth'], options: { bearer?: boolean }): HttpMiddleware | undefined {
  if (auth === 'api-key') return apiKeyAuth(operation, options);
  if (auth === 'session') return sessionAuth();
  return undefined;
}
