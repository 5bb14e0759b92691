import { XRPCError } from '@atproto/api';

/**
 * What a failed call to a PDS means for us, in one place. The PDS answers a bad login
 * (wrong handle, wrong or revoked app password) with 401 AuthenticationRequired, a stale
 * access token with 400 ExpiredToken / InvalidToken, and a revoked refresh token with 400
 * ExpiredToken. Network failures and timeouts surface as XRPCError status 1 (Unknown).
 */
export type FailureKind =
  /** The credentials no longer work: reconnect. */
  | 'auth'
  /** Network, timeout, 5xx, 429, a garbled answer: try again later. */
  | 'unavailable'
  /** The address answers, but not as an AT Protocol service (404 on /xrpc). */
  | 'not-a-pds'
  /** The PDS refused the request itself (bad content, bad input). */
  | 'rejected';

const AUTH_ERRORS = new Set(['AuthenticationRequired', 'ExpiredToken', 'InvalidToken', 'AuthMissing']);

/** The app password was revoked (or the account can no longer sign in): the user must reconnect. */
export class BlueskyAuthExpiredError extends Error {
  constructor() {
    super('The Bluesky app password was revoked or no longer works');
    this.name = 'BlueskyAuthExpiredError';
  }
}

export function failureKind(error: unknown): FailureKind {
  if (error instanceof BlueskyAuthExpiredError) return 'auth';
  if (!(error instanceof XRPCError)) return 'unavailable';
  if (error.status === 401 || AUTH_ERRORS.has(error.error ?? '')) return 'auth';
  if (error.status === 429 || error.status >= 500 || error.status < 200) return 'unavailable';
  if (error.status === 404) return 'not-a-pds';
  return 'rejected';
}

/** Seconds the PDS asked us to wait (atproto rate-limit headers), when it said. */
export function retryAfterSeconds(error: unknown, now: Date): number | undefined {
  if (!(error instanceof XRPCError) || !error.headers) return undefined;
  const retryAfter = Number(error.headers['retry-after']);
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.ceil(retryAfter);
  const reset = Number(error.headers['ratelimit-reset']);
  if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - now.getTime() / 1000));
  return undefined;
}

/** A short description safe for logs and results: the PDS's error name and message, never a token. */
export function describeFailure(error: unknown): string {
  if (error instanceof XRPCError) return `${error.error ?? 'Error'}: ${error.message}`.slice(0, 300);
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown error';
}
