import { createHash, randomBytes } from 'node:crypto';

/**
 * The authorization server's secrets (docs/decisions/0200-oauth-opaque-tokens-stored-as-hashes.md):
 * opaque random values, 32 bytes each, with a prefix that says what they are so a leaked value is
 * recognisable (and a secret scanner can match it). Only their SHA-256 is ever stored; a lookup
 * by hash compares digests, never the secrets themselves.
 */
export type OAuthSecretKind = 'access' | 'refresh' | 'code' | 'request';

const PREFIX: Record<OAuthSecretKind, string> = { access: 'spat_', refresh: 'sprt_', code: 'spac_', request: 'spar_' };

/** Lifetimes (contract section 18): a code 60 s, an access token 1 h, a refresh token 30 days; a consent request 10 min. */
export const LIFETIME_SECONDS: Record<OAuthSecretKind, number> = {
  code: 60,
  access: 60 * 60,
  refresh: 30 * 24 * 60 * 60,
  request: 10 * 60,
};

export function generateOAuthSecret(kind: OAuthSecretKind): string {
  return `${PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
}

/** Whether a value has the shape of a secret of this kind (checked before any store call). */
export function isOAuthSecret(kind: OAuthSecretKind, value: string | undefined): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX[kind]) && /^[A-Za-z0-9_-]{43}$/.test(value.slice(PREFIX[kind].length));
}

export function hashOAuthSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('base64url');
}
