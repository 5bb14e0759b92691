import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PKCE, S256 only (RFC 7636; OAuth 2.1 and the MCP authorization spec forbid `plain` here):
 * the verifier is 43 to 128 unreserved characters, the challenge the base64url SHA-256 of it.
 */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
/** A base64url SHA-256: 43 characters. */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether the verifier matches the challenge the authorization request carried. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER_PATTERN.test(verifier)) return false;
  const computed = Buffer.from(s256(verifier));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
