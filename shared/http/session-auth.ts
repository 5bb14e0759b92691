import { timingSafeEqual } from 'node:crypto';
import { config } from '#shared/config';
import { clock } from '#shared/ports/clock';
import {
  ABSOLUTE_SECONDS,
  countSessionRequest,
  csrfTokenFor,
  getSession,
  hashSessionId,
  IDLE_SECONDS,
  REFRESH_SECONDS,
  SESSION_ID_PATTERN,
  sessionSecondsLeft,
  touchSession,
} from '#shared/store/sessions';
import { toEpochSeconds } from '#shared/store/table';
import { DomainError } from '#shared/domain/errors';
import type { HttpMiddleware, HttpRequest } from './types';

/**
 * The dashboard's authentication, in the place API-key auth holds for the public API: the
 * session cookie, then (for anything but GET/HEAD) the CSRF token header bound to that
 * session. x-api-key is never looked at here, and the public API never reads this cookie.
 * Failures are 403 FORBIDDEN, the dashboard's one code (docs/api.md, "Dashboard"; docs/decisions.md).
 * Then the dashboard's rate limit: the API's fixed window, counted per session.
 *
 * The cookie is `__Host-` prefixed: browsers take it only with Secure, Path=/ and no Domain, so
 * no sibling subdomain and no plain-http page can plant or overwrite it. Secure even locally:
 * browsers treat http://localhost and http://127.0.0.1 as secure contexts and keep Secure cookies
 * there (docs/decisions/0036-sign-in-sessions-and-oauth-hardening.md).
 */
export const SESSION_COOKIE = '__Host-sps_session';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD']);
const COOKIE_ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=Lax';

const withAttributes = (value: string, maxAge: number): string => {
  const [path, ...rest] = COOKIE_ATTRIBUTES.split('; ');
  return [`${SESSION_COOKIE}=${value}`, path, `Max-Age=${maxAge}`, ...rest].join('; ');
};

/** Set-Cookie for a session id: expiring with the session's idle time, never past its absolute end. */
export const sessionCookie = (id: string, maxAge = Math.min(IDLE_SECONDS, ABSOLUTE_SECONDS)): string => withAttributes(id, maxAge);

/** Set-Cookie that removes the session cookie (sign-out). */
export const clearedSessionCookie = (): string => withAttributes('', 0);

/** The session id from payload 2.0 `cookies` (`name=value` strings), if there is exactly one. */
function sessionIdFrom(cookies: string[] | undefined): string | undefined {
  const values = (cookies ?? [])
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
    .map((cookie) => cookie.slice(SESSION_COOKIE.length + 1));
  return values.length === 1 ? values[0] : undefined;
}

const sameSecret = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

const notSignedIn = () =>
  new DomainError('FORBIDDEN', {}, { message: 'Not signed in, or the session has expired: sign in to the dashboard' });
const badCsrf = () =>
  new DomainError('FORBIDDEN', {}, { message: `Missing or wrong CSRF token: send the session's token in the ${CSRF_HEADER} header` });

export function sessionAuth(): HttpMiddleware {
  return {
    before: async (request) => {
      const state = request.context.state;
      // Answers carry the CSRF token, key values and account data: never cached anywhere.
      state.responseHeaders['cache-control'] = 'no-store';
      const id = sessionIdFrom(request.event.cookies);
      if (!id || !SESSION_ID_PATTERN.test(id)) throw notSignedIn();
      const hash = hashSessionId(id);
      const now = clock.now();
      const session = await getSession(hash, now);
      if (!session) throw notSignedIn();
      state.accountId = session.account_id;
      // The account's owner signed in: everything the account may do.
      state.scope = 'admin';
      const csrfToken = csrfTokenFor(id);
      state.session = { hash, csrfToken };

      if (!SAFE_METHODS.has(request.event.requestContext.http.method)) {
        const sent = request.event.headers?.[CSRF_HEADER];
        if (!sent || !sameSecret(sent, csrfToken)) throw badCsrf();
      }
      await countRequest(request, hash, now);
      // Sliding idle expiry, written at most once per REFRESH_SECONDS; the cookie follows.
      if (toEpochSeconds(now) - session.last_seen >= REFRESH_SECONDS && (await touchSession(hash, session, now))) {
        refreshedCookie.set(request.context, sessionCookie(id, sessionSecondsLeft(session, now)));
      }
    },
    after: (request) => {
      const cookie = refreshedCookie.get(request.context);
      if (cookie && request.response) request.response.cookies = [...(request.response.cookies ?? []), cookie];
    },
  };
}

/**
 * The dashboard's rate limit: the API's fixed window and headers (docs/api.md, "Authentication
 * and rate limit"), counted on the session item, so a dashboard page cannot call without limit.
 */
async function countRequest(request: HttpRequest, hash: string, now: Date): Promise<void> {
  const { requests: limit, windowSeconds } = config.rateLimit;
  const nowSeconds = now.getTime() / 1000;
  const windowStart = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
  const resetAt = windowStart + windowSeconds;
  const count = await countSessionRequest(hash, windowStart);
  if (count === undefined) throw notSignedIn(); // signed out meanwhile
  const headers = request.context.state.responseHeaders;
  headers['x-ratelimit-limit'] = String(limit);
  headers['x-ratelimit-remaining'] = String(Math.max(0, limit - count));
  headers['x-ratelimit-reset'] = String(resetAt);
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil(resetAt - nowSeconds));
    throw new DomainError('RATE_LIMIT_EXCEEDED', { retry_after: retryAfter }, { retryAfterSeconds: retryAfter });
  }
}

// The refreshed cookie waits here between `before` and `after`, keyed by the request's context,
// rather than in the request state: the session id never sits in an object that might be logged.
const refreshedCookie = new WeakMap<object, string>();
