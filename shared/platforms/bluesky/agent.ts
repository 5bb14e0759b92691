import { AtpAgent, type AtpSessionData } from '@atproto/api';
import { config } from '#shared/config';

/**
 * An AtpAgent for one PDS (the profile's stored `service`, never a global), whose every
 * request gives up after BLUESKY_TIMEOUT_MS, and which reports when it obtains a new
 * session (login or refresh) so the caller can store it.
 */
export interface SessionTokens {
  accessJwt: string;
  refreshJwt: string;
  did: string;
  handle: string;
}

function timedFetch(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const own = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetch(input, { ...init, signal: own ? AbortSignal.any([own, timeout]) : timeout });
  };
}

export function createAgent(service: string, onNewSession?: (session: SessionTokens) => void): AtpAgent {
  return new AtpAgent({
    service,
    fetch: timedFetch(config.bluesky.timeoutMs),
    persistSession: (event, session) => {
      if ((event === 'create' || event === 'update') && session) onNewSession?.(toTokens(session));
    },
  });
}

export const toTokens = (session: AtpSessionData): SessionTokens => ({
  accessJwt: session.accessJwt,
  refreshJwt: session.refreshJwt,
  did: session.did,
  handle: session.handle,
});

/** The claims of a session JWT (unverified: only for our own decisions, never for trust). */
export function jwtClaims(jwt: string): { exp?: number; scope?: string } {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number; scope?: string };
  } catch {
    return {};
  }
}

/** True when the access token is expired (or about to, or unreadable): refresh before use. */
export function accessTokenStale(accessJwt: string, now: Date, marginSeconds = 60): boolean {
  const { exp } = jwtClaims(accessJwt);
  return typeof exp !== 'number' || exp - marginSeconds <= now.getTime() / 1000;
}
