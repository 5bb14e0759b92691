import { randomBytes } from 'node:crypto';
import { Agent } from '@atproto/api';
import { OAuthCallbackError, OAuthResolverError, type OAuthSession } from '@atproto/oauth-client-node';
import { config } from '#shared/config';
import { DomainError } from '#shared/domain/errors';
import { newId } from '#shared/domain/ids';
import type { Profile } from '#shared/domain/profile';
import { logger } from '#shared/logger';
import { describeFailure } from '#shared/platforms/bluesky/errors';
import { BlueskyOAuthNotConfigured, blueskyOAuthClient, PENDING_AUTHORIZATION_SECONDS } from '#shared/platforms/bluesky/oauth-client';
import { readDisplayName } from '#shared/platforms/bluesky/sign-in';
import { checkReturnUrl } from '#shared/platforms/linkedin/return-url';
import { clock } from '#shared/ports/clock';
import { getBlueskyPendingAuthorization } from '#shared/store/bluesky-oauth-states';
import { consumeOAuthState, putOAuthState } from '#shared/store/oauth-states';
import { createProfileItem, getProfileItem, toProfile, type ProfileItem } from '#shared/store/profiles';
import { TTL_ATTRIBUTE, toEpochSeconds } from '#shared/store/table';
import { normaliseHandle } from './bluesky-connection';
import type { CallbackOutcome } from './linkedin-connection';
import { bindStateToBrowser, hashNonce, hashState, presentedNonceOf, stateMismatch } from './oauth-browser-state';

/**
 * Connecting a Bluesky profile with atproto OAuth (docs/api.md, "Connecting Bluesky with OAuth"),
 * browser-bound like LinkedIn's: POST /profiles/bluesky/authorize resolves the handle, pushes the
 * authorization request to the user's PDS (PAR, PKCE, DPoP: the OAuth client) and keeps the PDS's
 * sign-in URL with a single-use state of ours; our start URL binds that state to the browser that
 * opens it (the nonce cookie) and sends it to the PDS; the PDS sends that browser back to the
 * callback, which only that browser can complete. The profile is then created with `auth: "oauth"`;
 * its session lives in the table, sealed, kept by the OAuth client.
 */
const startUrl = (state: string): string => `${config.publicBaseUrl}/profiles/bluesky/start?state=${state}`;

async function assertNotConnected(accountId: string): Promise<void> {
  if (await getProfileItem(accountId, 'bluesky')) throw new DomainError('PROFILE_ALREADY_EXISTS');
}

/** Why the authorization could not start, as the caller can act on it. */
function startFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof BlueskyOAuthNotConfigured) {
    return new DomainError('SERVICE_UNAVAILABLE', {}, { message: error.message });
  }
  // The handle resolves to no DID, or its DID document names no PDS.
  if (error instanceof OAuthResolverError || (error instanceof TypeError && /handle|did/i.test(error.message))) {
    return new DomainError(
      'INVALID_FIELD',
      { field: 'handle' },
      { message: `handle could not be resolved to a Bluesky account (${describeFailure(error)})` },
    );
  }
  logger.warn('bluesky authorization not started', { cause: describeFailure(error) });
  return Object.assign(new DomainError('SERVICE_UNAVAILABLE'), { cause: error });
}

/** Returns our start URL (with a fresh single-use state) and when the PDS forgets the request. */
export async function startBlueskyAuthorization(
  accountId: string,
  rawHandle: string,
  returnUrl?: string,
): Promise<{ authorization_url: string; expires_at: string }> {
  const handle = normaliseHandle(rawHandle);
  const checkedReturnUrl = returnUrl === undefined ? undefined : checkReturnUrl(returnUrl);
  await assertNotConnected(accountId);
  const state = randomBytes(32).toString('base64url');
  const stateHash = hashState(state);
  let location: URL;
  try {
    // Our state's hash rides along as the library's app state: the callback finds its way back to it.
    location = await (await blueskyOAuthClient(accountId)).authorize(handle, { state: stateHash });
  } catch (error) {
    throw startFailure(error);
  }
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + PENDING_AUTHORIZATION_SECONDS * 1000);
  await putOAuthState(stateHash, {
    account_id: accountId,
    platform: 'bluesky',
    return_url: checkedReturnUrl,
    location: location.toString(),
    created_at: now.toISOString(),
    [TTL_ATTRIBUTE]: toEpochSeconds(expiresAt),
  });
  return { authorization_url: startUrl(state), expires_at: expiresAt.toISOString() };
}

/**
 * The browser opened our start URL: binds the state to it (its nonce cookie, or a new one) and
 * answers the PDS's sign-in URL. Once per state; anything else is `state mismatch`.
 */
export async function bindBlueskyAuthorization(
  state: string | undefined,
  presentedNonce: string | undefined,
): Promise<{ nonce: string; location: string }> {
  const { nonce, bound } = await bindStateToBrowser(state, presentedNonce);
  if (bound.platform !== 'bluesky' || !bound.location) throw stateMismatch();
  return { nonce, location: bound.location };
}

/** What the PDS sends back (RFC 6749 and RFC 9207's `iss`). */
export interface BlueskyCallbackQuery {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

/** The PDS's own words for a refusal (access_denied when the user declined). */
function callbackFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof OAuthCallbackError) {
    const refusal = error.params.get('error');
    const description = error.params.get('error_description');
    const details = refusal ? `${refusal}${description ? `: ${description}` : ''}` : error.message;
    return new DomainError('OAUTH_ERROR', { details: details.slice(0, 300) });
  }
  return new DomainError('OAUTH_ERROR', { details: describeFailure(error) });
}

async function createOAuthProfile(accountId: string, session: OAuthSession): Promise<Profile> {
  const agent = new Agent(session);
  const did = session.did;
  const { aud } = await session.getTokenInfo(false);
  const { data } = await agent.com.atproto.repo.describeRepo({ repo: did });
  const item: ProfileItem = {
    id: newId(),
    account_id: accountId,
    platform: 'bluesky',
    handle: data.handle,
    display_name: await readDisplayName(agent, did),
    platform_user_id: did,
    connected_at: clock.now().toISOString(),
    expires_at: null,
    needs_reconnect: false,
    service: aud,
    auth: 'oauth',
    // The session (DPoP key, tokens) is its own sealed item (shared/store/bluesky-oauth-sessions.ts).
    credentials: '',
  };
  try {
    await createProfileItem(item);
  } catch (error) {
    // Connected meanwhile by another callback: this grant is not needed.
    await session.signOut().catch(() => undefined);
    throw error;
  }
  logger.info('bluesky profile connected', { profile_id: item.id, platform_user_id: did, auth: 'oauth' });
  return toProfile(item);
}

/**
 * Completes an authorization. Only the browser our state is bound to gets past the first step
 * (without its nonce cookie the callback is `state mismatch` and the state stays for that browser);
 * then our state is consumed, whatever follows, and the OAuth client exchanges the code (its own
 * state consumed too). A refusal or failure is OAUTH_ERROR with `details`.
 */
export async function completeBlueskyAuthorization(
  query: BlueskyCallbackQuery,
  browserNonce: string | undefined,
): Promise<CallbackOutcome> {
  const nonce = presentedNonceOf(browserNonce);
  const pending = query.state ? await getBlueskyPendingAuthorization(query.state) : undefined;
  const ours = pending?.appState && nonce ? await consumeOAuthState(pending.appState, hashNonce(nonce), clock.now()) : undefined;
  const valid = ours && ours.platform === 'bluesky' && ours.account_id === pending?.accountId ? ours : undefined;
  const known = { accountId: valid?.account_id, returnUrl: valid?.return_url };
  try {
    if (!valid) throw stateMismatch();
    // Checked before the code is exchanged: the client would otherwise replace a session in use.
    await assertNotConnected(valid.account_id);
    const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const client = await blueskyOAuthClient(valid.account_id);
    const { session } = await client.callback(params).catch((error: unknown) => {
      throw callbackFailure(error);
    });
    return { ...known, profile: await createOAuthProfile(valid.account_id, session) };
  } catch (error) {
    if (error instanceof DomainError) return { ...known, error };
    if (!known.returnUrl) throw error;
    logger.error('bluesky callback failed', { error: error as Error });
    return { ...known, error: new DomainError('INTERNAL_SERVER_ERROR') };
  }
}
