import { XRPCError } from '@atproto/api';
import { TokenInvalidError, TokenRefreshError, TokenRevokedError } from '@atproto/oauth-client-node';
import { OutboundRequestRefused } from '#shared/http-client/safe-fetch';

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
  | 'rejected'
  /** The PDS (the service, or the one the DID document names) is not at a public address: nothing was sent. */
  | 'forbidden';

const AUTH_ERRORS = new Set(['AuthenticationRequired', 'ExpiredToken', 'InvalidToken', 'AuthMissing']);

/** The app password was revoked (or the account can no longer sign in): the user must reconnect. */
export class BlueskyAuthExpiredError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The Bluesky app password or OAuth grant was revoked or no longer works', options);
    this.name = 'BlueskyAuthExpiredError';
  }
}

/**
 * The PDS is not at a public https address (docs/decisions/0037-outbound-requests.md):
 * `service` itself (refused by the SSRF-safe client as the agent called it) or the PDS endpoint
 * of the account's DID document (refused before the agent used it).
 */
export class PdsAddressRefused extends Error {
  constructor(
    readonly source: 'service' | 'did-document',
    cause: OutboundRequestRefused,
  ) {
    super(
      source === 'did-document'
        ? `The PDS named by the account's DID document is not a public https address (${cause.message})`
        : `The Bluesky PDS is not a public https address (${cause.message})`,
      { cause },
    );
    this.name = 'PdsAddressRefused';
  }
}

const FORBIDDEN_REASONS = new Set(['internal_address', 'scheme', 'invalid_url']);

/** The address refusal behind a failure: the agent's fetch throws it, and the XRPC client wraps it as its cause. */
export function pdsAddressRefusal(error: unknown): PdsAddressRefused | undefined {
  if (error instanceof PdsAddressRefused) return error;
  const cause = error instanceof XRPCError ? error.cause : error;
  if (cause instanceof OutboundRequestRefused && FORBIDDEN_REASONS.has(cause.reason)) return new PdsAddressRefused('service', cause);
  return undefined;
}

/**
 * The OAuth client's ways of saying a session is over: its refresh was refused for good (revoked at
 * the PDS, expired), or the session was revoked or deleted. An agent call wraps them in an XRPCError.
 */
export function isEndedOAuthSession(error: unknown): boolean {
  const cause = error instanceof XRPCError ? error.cause : error;
  return cause instanceof TokenRefreshError || cause instanceof TokenRevokedError || cause instanceof TokenInvalidError;
}

export function failureKind(error: unknown): FailureKind {
  if (error instanceof BlueskyAuthExpiredError || isEndedOAuthSession(error)) return 'auth';
  if (pdsAddressRefusal(error)) return 'forbidden';
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
