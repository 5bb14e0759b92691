import type { Agent } from '@atproto/api';
import { config } from '#shared/config';
import { logger } from '#shared/logger';
import type { ProfileRenewal, PublishOutcome } from '#shared/platforms/publisher';
import type { PlatformProfile } from '#shared/domain/profile';
import { accessTokenStale, checkPdsEndpoint, createAgent, type SessionTokens } from './agent';
import { openCredentials, sealCredentials, type BlueskyCredentials, type CredentialOwner } from './credentials';
import { BlueskyAuthExpiredError, describeFailure, failureKind } from './errors';
import { restoreOAuthAgent } from './oauth-session';

/**
 * A profile's signed-in agent for publishing. The PDS rate-limits logins (30 per 5 minutes,
 * 300 a day), so the stored session is reused: its access token as long as it is valid, a
 * refresh when it has expired (or the PDS rejects it), and a login with the app password
 * only when the refresh fails. Any new session is sealed for the caller, who stores it on the
 * profile (the adapter returns it in its outcome; platforms write nothing to the store).
 *
 * (AtpAgent.resumeSession is not used: it refreshes on every call, a round trip, a token
 * rotation and a store write per post for nothing.)
 */
export interface ProfileSession {
  /** An AtpAgent for an app-password profile, an Agent over the OAuth session for an OAuth one (oauth-session.ts). */
  agent: Agent;
  did: string;
  /** The handle the session knows now (an app-password session's latest), else undefined: the profile's stored one holds. */
  handle(): string | undefined;
  /** Gets a new session after the PDS rejected the current one; BlueskyAuthExpiredError when nothing works. */
  renew(): Promise<void>;
  /** The profile's credentials sealed with the new session if it changed (refresh or login), once; undefined otherwise. */
  renewedCredentials(): Promise<string | undefined>;
}

export async function openProfileSession(profile: PlatformProfile, accountId: string): Promise<ProfileSession> {
  // Connected with atproto OAuth: the OAuth client keeps and refreshes the session itself.
  if (profile.auth === 'oauth') {
    const { agent, did, renew } = await restoreOAuthAgent(profile, accountId);
    return { agent, did, handle: () => undefined, renew, renewedCredentials: () => Promise.resolve(undefined) };
  }
  const owner: CredentialOwner = { accountId, profileId: profile.id };
  const credentials = await openCredentials(profile.credentials, owner);
  let latest: SessionTokens | undefined;
  const agent = createAgent(profile.service ?? config.bluesky.serviceUrl, (session) => void (latest = session));
  agent.sessionManager.session = { ...credentials.session, active: true };
  const did = credentials.session.did;

  // A refreshed or new session may name another PDS in its DID document: checked before use.
  const renew = async (): Promise<void> => {
    if (agent.session) {
      try {
        await agent.sessionManager.refreshSession();
        return await checkPdsEndpoint(agent);
      } catch (error) {
        if (failureKind(error) !== 'auth') throw error;
      }
    }
    try {
      await agent.login({ identifier: did, password: credentials.app_password });
    } catch (error) {
      if (failureKind(error) === 'auth') throw new BlueskyAuthExpiredError();
      throw error;
    }
    await checkPdsEndpoint(agent);
  };

  const renewedCredentials = async (): Promise<string | undefined> => {
    if (!latest) return undefined;
    const next: BlueskyCredentials = { app_password: credentials.app_password, session: latest };
    latest = undefined;
    return sealCredentials(next, owner);
  };

  // Real time, not the clock port: the PDS checks the token's expiry against its own clock.
  if (accessTokenStale(credentials.session.accessJwt, new Date())) await renew();
  return { agent, did, handle: () => agent.session?.handle, renew, renewedCredentials };
}

/**
 * The outcome of a call made under `session`, with the renewed credentials when the call renewed
 * the session (whatever the outcome: a refresh may precede a failure). Sealing can fail (the secret
 * box unavailable): the outcome goes out without them, as the old session still refreshes for a
 * while (the PDS allows a grace period) and, worst case, the next publish logs in.
 */
export async function withRenewedCredentials(
  outcome: PublishOutcome,
  session: ProfileSession | undefined,
  context: { postId: string; profileId: string },
): Promise<PublishOutcome> {
  let renewal: ProfileRenewal = {};
  try {
    const sealed = await session?.renewedCredentials();
    if (sealed) renewal = { renewedCredentials: sealed };
  } catch (error) {
    logger.warn('bluesky session not sealed', { post_id: context.postId, profile_id: context.profileId, cause: describeFailure(error) });
  }
  return { ...outcome, ...renewal };
}
