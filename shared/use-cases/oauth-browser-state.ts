import { createHash, randomBytes } from 'node:crypto';
import { DomainError } from '#shared/domain/errors';
import { clock } from '#shared/ports/clock';
import { bindOAuthStateToBrowser } from '#shared/store/oauth-states';

/**
 * The browser-bound OAuth state both connection flows use (LinkedIn's and Bluesky's): the state and
 * the browser's nonce are stored hashed, and the start URL binds the state to the browser that opens
 * it, so a callback completes only in that browser (docs/api.md, "Connecting LinkedIn").
 */

/** 32 random bytes, base64url: the browser nonce and the state alike. */
export const OAUTH_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashState = (state: string): string => createHash('sha256').update(state, 'utf8').digest('base64url');
export const hashNonce = (nonce: string): string => createHash('sha256').update(`oauth-nonce:${nonce}`, 'utf8').digest('base64url');
export const stateMismatch = (): DomainError => new DomainError('OAUTH_ERROR', { details: 'state mismatch' });

/** The browser's nonce when it is well-formed, else undefined. */
export const presentedNonceOf = (nonce: string | undefined): string | undefined =>
  nonce && OAUTH_TOKEN_PATTERN.test(nonce) ? nonce : undefined;

/**
 * Binds a state to the browser that opened the start URL: the nonce it already holds (so several
 * authorizations in one browser all complete) or a new one. A state can be bound once; an unknown,
 * malformed or already bound one is `state mismatch`.
 */
export async function bindStateToBrowser(state: string | undefined, presentedNonce: string | undefined) {
  if (!state || !OAUTH_TOKEN_PATTERN.test(state)) throw stateMismatch();
  const nonce = presentedNonceOf(presentedNonce) ?? randomBytes(32).toString('base64url');
  const bound = await bindOAuthStateToBrowser(hashState(state), hashNonce(nonce), clock.now());
  if (!bound) throw stateMismatch();
  return { state, nonce, bound };
}
