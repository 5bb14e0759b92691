import { randomBytes } from 'node:crypto';
import type { AuditActor } from '#shared/domain/audit';
import { profileConnected } from './profiles';
import { newId } from '#shared/domain/ids';
import { DomainError } from '#shared/domain/errors';
import { logger } from '#shared/logger';
import { sealLinkedInCredentials } from '#shared/platforms/linkedin/credentials';
import { config } from '#shared/config';
import { authorizationUrl, describeOAuthError, exchangeCode, fetchMember } from '#shared/platforms/linkedin/oauth-client';
import { checkReturnUrl, returnUrlWith } from '#shared/platforms/linkedin/return-url';
import { clock } from '#shared/ports/clock';
import { consumeOAuthState, OAUTH_STATE_TTL_SECONDS, putOAuthState } from '#shared/store/oauth-states';
import { type Profile } from '#shared/domain/profile';
import type { AuthorChoice } from '#shared/domain/profile-author';
import { createProfileItem, getProfileItem, toProfile, type ProfileItem } from '#shared/store/profiles';
import { TTL_ATTRIBUTE, toEpochSeconds } from '#shared/store/table';
import { bindStateToBrowser, hashNonce, hashState, presentedNonceOf, stateMismatch } from './oauth-browser-state';

/**
 * Connecting a LinkedIn profile (docs/api.md, "LinkedIn OAuth"): start an authorization (a single-use
 * state bound to the account), bind it to the browser that opens our start URL (a nonce cookie,
 * its hash stored with the state), then complete it when LinkedIn sends that browser back.
 */

/** Where the person's browser starts: our start endpoint, which binds the state to it. */
const startUrl = (state: string): string => `${config.publicBaseUrl}/profiles/linkedin/start?state=${state}`;

async function assertNotConnected(accountId: string): Promise<void> {
  if (await getProfileItem(accountId, 'linkedin')) throw new DomainError('PROFILE_ALREADY_EXISTS');
}

/** Returns the start URL carrying a fresh state valid for 10 minutes (it leads the browser on to LinkedIn). */
export async function startLinkedInAuthorization(
  accountId: string,
  returnUrl: string | undefined,
  author: AuthorChoice = 'member',
  actor?: AuditActor,
): Promise<{ authorization_url: string; expires_at: string }> {
  const checkedReturnUrl = returnUrl === undefined ? undefined : checkReturnUrl(returnUrl);
  await assertNotConnected(accountId);
  const state = randomBytes(32).toString('base64url');
  const url = startUrl(state);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + OAUTH_STATE_TTL_SECONDS * 1000);
  await putOAuthState(hashState(state), {
    account_id: accountId,
    platform: 'linkedin',
    return_url: checkedReturnUrl,
    ...(author === 'organization' ? { author } : {}),
    ...(actor ? { actor } : {}),
    created_at: now.toISOString(),
    [TTL_ATTRIBUTE]: toEpochSeconds(expiresAt),
  });
  return { authorization_url: url, expires_at: expiresAt.toISOString() };
}

/**
 * The browser opened the start URL: binds the state to that browser's nonce (the one it already
 * holds, so several authorizations in one browser all complete, or a new one) and answers
 * LinkedIn's consent URL. A state can be bound once; anything else is `state mismatch`.
 */
export async function bindLinkedInAuthorization(
  state: string | undefined,
  presentedNonce: string | undefined,
): Promise<{ nonce: string; location: string }> {
  const bound = await bindStateToBrowser(state, presentedNonce);
  return { nonce: bound.nonce, location: authorizationUrl(bound.state, bound.bound.author) };
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** How the callback ended; `accountId` and `returnUrl` are known only when the state was valid. */
export interface CallbackOutcome {
  accountId?: string;
  returnUrl?: string;
  profile?: Profile;
  error?: DomainError;
}

async function connectProfile(accountId: string, code: string, author?: AuthorChoice, actor?: AuditActor): Promise<Profile> {
  // Checked before the exchange to spare LinkedIn a call; the conditional put below is the real guard.
  await assertNotConnected(accountId);
  const token = await exchangeCode(code);
  const member = await fetchMember(token.accessToken);
  const id = newId();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + token.expiresInSeconds * 1000).toISOString();
  const item: ProfileItem = {
    id,
    account_id: accountId,
    platform: 'linkedin',
    handle: member.name ?? member.sub,
    display_name: member.name ?? null,
    platform_user_id: `urn:li:person:${member.sub}`,
    connected_at: now.toISOString(),
    expires_at: expiresAt,
    needs_reconnect: false,
    // A page connection has no author until a page is picked (docs/api.md, "LinkedIn pages").
    ...(author === 'organization' ? { author: null } : {}),
    credentials: await sealLinkedInCredentials(
      { access_token: token.accessToken, expires_at: expiresAt },
      { account_id: accountId, profile_id: id },
    ),
  };
  // Named after who started the authorization; a state from before the audit trail names the dashboard owner.
  await createProfileItem(item, profileConnected(actor ?? { type: 'dashboard', id: accountId, name: null }, item));
  return toProfile(item);
}

/**
 * Completes an authorization. The state is consumed first, whatever else the query says, so
 * it can never be replayed; a denial or failure is reported as OAUTH_ERROR with `details`.
 * Only the browser the state is bound to consumes it: without its nonce cookie, the state is
 * unknown here (`state mismatch`, nothing said about its account or return URL) and stays for
 * that browser.
 */
export async function completeLinkedInAuthorization(query: CallbackQuery, browserNonce: string | undefined): Promise<CallbackOutcome> {
  const nonce = presentedNonceOf(browserNonce);
  const state = query.state && nonce ? await consumeOAuthState(hashState(query.state), hashNonce(nonce), clock.now()) : undefined;
  const known = { accountId: state?.account_id, returnUrl: state?.return_url };
  try {
    if (query.error) throw new DomainError('OAUTH_ERROR', { details: describeOAuthError(query.error, query.error_description) });
    if (!state) throw stateMismatch();
    if (!query.code) throw new DomainError('OAUTH_ERROR', { details: 'missing code' });
    return { ...known, profile: await connectProfile(state.account_id, query.code, state.author, state.actor) };
  } catch (error) {
    if (error instanceof DomainError) return { ...known, error };
    // Without a return URL the error handler logs it and answers 500; with one, the browser still goes back.
    if (!known.returnUrl) throw error;
    logger.error('linkedin callback failed', { error: error as Error });
    return { ...known, error: new DomainError('INTERNAL_SERVER_ERROR') };
  }
}

/** The redirect for a callback whose state carried a return URL. */
export function callbackRedirectUrl(returnUrl: string, outcome: CallbackOutcome): string {
  if (outcome.profile) return returnUrlWith(returnUrl, { status: 'connected', profile_id: outcome.profile.id });
  const error = outcome.error ?? new DomainError('INTERNAL_SERVER_ERROR');
  const details = typeof error.extras.details === 'string' ? error.extras.details : error.message;
  return returnUrlWith(returnUrl, { status: 'error', error: error.code, details });
}
