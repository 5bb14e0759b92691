import type { AtpAgent } from '@atproto/api';
import { config } from '#shared/config';
import { updateProfileCredentials, type ProfileItem } from '#shared/store/profiles';
import { accessTokenStale, checkPdsEndpoint, createAgent, type SessionTokens } from './agent';
import { openCredentials, sealCredentials, type BlueskyCredentials, type CredentialOwner } from './credentials';
import { BlueskyAuthExpiredError, failureKind } from './errors';

/**
 * A profile's signed-in agent for publishing. The PDS rate-limits logins (30 per 5 minutes,
 * 300 a day), so the stored session is reused: its access token as long as it is valid, a
 * refresh when it has expired (or the PDS rejects it), and a login with the app password
 * only when the refresh fails. Any new session is sealed back onto the profile.
 *
 * (AtpAgent.resumeSession is not used: it refreshes on every call, a round trip, a token
 * rotation and a store write per post for nothing.)
 */
export interface ProfileSession {
  agent: AtpAgent;
  did: string;
  /** Gets a new session after the PDS rejected the current one; BlueskyAuthExpiredError when nothing works. */
  renew(): Promise<void>;
  /** Stores the session if it changed (refresh or login); safe to call more than once. */
  save(): Promise<void>;
}

export async function openProfileSession(profile: ProfileItem, accountId: string): Promise<ProfileSession> {
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

  const save = async (): Promise<void> => {
    if (!latest) return;
    const next: BlueskyCredentials = { app_password: credentials.app_password, session: latest };
    latest = undefined;
    await updateProfileCredentials(accountId, 'bluesky', profile.id, await sealCredentials(next, owner));
  };

  // Real time, not the clock port: the PDS checks the token's expiry against its own clock.
  if (accessTokenStale(credentials.session.accessJwt, new Date())) await renew();
  return { agent, did, renew, save };
}
