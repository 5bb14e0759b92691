import { OAuthError } from '#shared/oauth/errors';
import { verifierMatches } from '#shared/oauth/pkce';
import { generateOAuthSecret, hashOAuthSecret, isOAuthSecret, LIFETIME_SECONDS } from '#shared/oauth/tokens';
import { clock } from '#shared/ports/clock';
import {
  deleteToken,
  getTokenGrant,
  putTokens,
  redeemCode,
  rotateRefreshToken,
  type Grant,
  type TokenGrant,
} from '#shared/store/oauth-grants';
import { toEpochSeconds } from '#shared/store/table';
import { revokeConnectionOf } from './connections';

export type TokenParameters = Record<string, string | undefined>;

const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);
const required = (parameters: TokenParameters, name: string): string => {
  const value = parameters[name];
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
};

/**
 * A new access token (1 h, audience the resource) and refresh token (30 days) for a connection,
 * stored as hashes; none when the connection was revoked meanwhile.
 */
async function issueTokens(grant: Grant, clientName: string) {
  const now = toEpochSeconds(clock.now());
  const access = generateOAuthSecret('access');
  const refresh = generateOAuthSecret('refresh');
  const base = {
    account_id: grant.account_id,
    connection_id: grant.connection_id,
    client_id: grant.client_id,
    client_name: clientName,
    scope: grant.scope,
    resource: grant.resource,
  };
  const stored = await putTokens(
    [
      { hash: hashOAuthSecret(access), grant: { ...base, kind: 'access', expires_at_epoch: now + LIFETIME_SECONDS.access } },
      { hash: hashOAuthSecret(refresh), grant: { ...base, kind: 'refresh', expires_at_epoch: now + LIFETIME_SECONDS.refresh } },
    ],
    grant.account_id,
    grant.connection_id,
  );
  if (!stored) throw invalidGrant('the connection was revoked');
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: LIFETIME_SECONDS.access,
    refresh_token: refresh,
    scope: grant.scope,
  };
}

/** authorization_code: the code once, its client, redirect URI and PKCE verifier; a code used twice revokes what it issued. */
async function exchangeCode(parameters: TokenParameters) {
  const code = required(parameters, 'code');
  const clientId = required(parameters, 'client_id');
  const redirectUri = required(parameters, 'redirect_uri');
  const verifier = required(parameters, 'code_verifier');
  if (!isOAuthSecret('code', code)) throw invalidGrant('unknown, expired or used code');
  const redeemed = await redeemCode(hashOAuthSecret(code), clock.now());
  if (redeemed === 'unknown') throw invalidGrant('unknown, expired or used code');
  if ('reused' in redeemed) {
    // RFC 6749 section 4.1.2 / OAuth 2.1: a code presented twice may have been stolen; what it issued is revoked.
    await revokeConnectionOf(redeemed.reused, 'authorization code reused');
    throw invalidGrant('unknown, expired or used code');
  }
  if (redeemed.client_id !== clientId) throw invalidGrant('the code was issued to another client');
  if (redeemed.redirect_uri !== redirectUri) throw invalidGrant('redirect_uri differs from the authorization request');
  if (!verifierMatches(verifier, redeemed.code_challenge)) throw invalidGrant('code_verifier does not match the code_challenge');
  if (parameters.resource !== undefined && parameters.resource !== redeemed.resource)
    throw new OAuthError('invalid_target', 'resource differs from the authorization request');
  return issueTokens(redeemed, redeemed.client_name);
}

/** refresh_token: rotating; a refresh token used twice revokes its whole family (the connection). */
async function refresh(parameters: TokenParameters) {
  const token = required(parameters, 'refresh_token');
  const clientId = required(parameters, 'client_id');
  if (!isOAuthSecret('refresh', token)) throw invalidGrant('unknown, expired or revoked refresh token');
  const rotated = await rotateRefreshToken(hashOAuthSecret(token), clock.now());
  if (rotated === 'unknown') throw invalidGrant('unknown, expired or revoked refresh token');
  if ('reused' in rotated) {
    await revokeConnectionOf(rotated.reused, 'refresh token reused');
    throw invalidGrant('unknown, expired or revoked refresh token');
  }
  if (rotated.client_id !== clientId) throw invalidGrant('the refresh token was issued to another client');
  if (parameters.scope !== undefined && parameters.scope !== rotated.scope)
    throw new OAuthError('invalid_scope', `a refresh keeps the granted scope (${rotated.scope})`);
  if (parameters.resource !== undefined && parameters.resource !== rotated.resource)
    throw new OAuthError('invalid_target', 'resource differs from the grant');
  return issueTokens(rotated, rotated.client_name);
}

/** POST /oauth/token (RFC 6749 section 3.2, OAuth 2.1): public clients, client_id in the body. */
export async function exchangeToken(parameters: TokenParameters) {
  const grantType = required(parameters, 'grant_type');
  if (grantType === 'authorization_code') return exchangeCode(parameters);
  if (grantType === 'refresh_token') return refresh(parameters);
  throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}

/**
 * POST /oauth/revoke (RFC 7009): an access token alone, a refresh token with its whole grant (the
 * connection). Unknown or malformed tokens are no error: the answer is 200 either way.
 */
export async function revokeToken(parameters: TokenParameters): Promise<void> {
  const token = parameters.token;
  if (!token) throw new OAuthError('invalid_request', 'token is required');
  if (isOAuthSecret('access', token)) return deleteToken(hashOAuthSecret(token));
  if (!isOAuthSecret('refresh', token)) return;
  const grant: TokenGrant | undefined = await getTokenGrant(hashOAuthSecret(token), clock.now());
  if (!grant || (parameters.client_id !== undefined && parameters.client_id !== grant.client_id)) return;
  await revokeConnectionOf(grant, 'refresh token revoked by the client');
}
