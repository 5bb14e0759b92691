import { timingSafeEqual } from 'node:crypto';
import { config } from '#shared/config';
import { clock } from '#shared/ports/clock';
import {
  csrfTokenFor,
  getSession,
  hashSessionId,
  IDLE_SECONDS,
  REFRESH_SECONDS,
  SESSION_ID_PATTERN,
  touchSession,
} from '#shared/store/sessions';
import { toEpochSeconds } from '#shared/store/table';
import { DomainError } from '#shared/domain/errors';
import type { HttpMiddleware } from './types';

/**
 * The dashboard's authentication, in the place API-key auth holds for the public API: the
 * session cookie, then (for anything but GET/HEAD) the CSRF token header bound to that
 * session. x-api-key is never looked at here, and the public API never reads this cookie.
 * Failures are 403 FORBIDDEN, the dashboard's one code (docs/api.md, "Dashboard"; docs/decisions.md).
 */
export const SESSION_COOKIE = 'sps_session';
export const CSRF_HEADER = 'x-csrf-token';
/** The cookie goes to the dashboard's API only, never to the public API or the static pages. */
const COOKIE_PATH = '/dashboard/api';
const SAFE_METHODS = new Set(['GET', 'HEAD']);

// Secure everywhere but a plain-http local run (PUBLIC_BASE_URL http://127.0.0.1 or localhost),
// where a Secure cookie would never be sent back.
const secure = (): string => (config.publicBaseUrl.startsWith('https:') ? '; Secure' : '');

/** Set-Cookie for a session id: HttpOnly, SameSite=Lax, expiring with the session's idle time. */
export const sessionCookie = (id: string): string =>
  `${SESSION_COOKIE}=${id}; Path=${COOKIE_PATH}; Max-Age=${IDLE_SECONDS}; HttpOnly; SameSite=Lax${secure()}`;

/** Set-Cookie that removes the session cookie (sign-out). */
export const clearedSessionCookie = (): string => `${SESSION_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure()}`;

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
      const csrfToken = csrfTokenFor(id);
      state.session = { hash, csrfToken };

      if (!SAFE_METHODS.has(request.event.requestContext.http.method)) {
        const sent = request.event.headers?.[CSRF_HEADER];
        if (!sent || !sameSecret(sent, csrfToken)) throw badCsrf();
      }
      // Sliding idle expiry, written at most once per REFRESH_SECONDS; the cookie follows.
      if (toEpochSeconds(now) - session.last_seen >= REFRESH_SECONDS && (await touchSession(hash, now))) {
        refreshedCookie.set(request.context, sessionCookie(id));
      }
    },
    after: (request) => {
      const cookie = refreshedCookie.get(request.context);
      if (cookie && request.response) request.response.cookies = [...(request.response.cookies ?? []), cookie];
    },
  };
}

// The refreshed cookie waits here between `before` and `after`, keyed by the request's context,
// rather than in the request state: the session id never sits in an object that might be logged.
const refreshedCookie = new WeakMap<object, string>();
