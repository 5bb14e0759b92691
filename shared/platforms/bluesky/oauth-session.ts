import { Agent } from '@atproto/api';
import type { PlatformProfile } from '#shared/domain/profile';
import { BlueskyAuthExpiredError, isEndedOAuthSession } from './errors';
import { blueskyOAuthClient } from './oauth-client';
import { blueskyOAuthPersistence } from './oauth-persistence';

/**
 * An OAuth profile's agent for publishing (docs/api.md, "Connecting Bluesky with OAuth"): the
 * session restored from the table by the account's OAuth client, which refreshes the tokens when
 * they are about to expire (or when the PDS rejects them), under the session's lock, and stores
 * what it gets itself. Nothing comes back to the caller to store (unlike an app-password session).
 *
 * A grant that no longer works (the refresh refused: revoked at the PDS, expired, or the session
 * gone) is BlueskyAuthExpiredError, which the publisher reports as PLATFORM_AUTH_EXPIRED and the
 * publish use case turns into needs_reconnect and its webhook.
 */
export interface OAuthAgent {
  agent: Agent;
  did: string;
  /** A forced refresh, after the PDS rejected the session; BlueskyAuthExpiredError when the grant is gone. */
  renew(): Promise<void>;
}

const ended = (error: unknown): never => {
  if (isEndedOAuthSession(error)) throw new BlueskyAuthExpiredError({ cause: error });
  throw error;
};

export async function restoreOAuthAgent(profile: PlatformProfile, accountId: string): Promise<OAuthAgent> {
  const did = profile.platform_user_id;
  // Read first, here, so a store failure is a failure (the library would read it as "no session").
  if (!(await (await blueskyOAuthPersistence()).getSession(accountId, did))) throw new BlueskyAuthExpiredError();
  const client = await blueskyOAuthClient(accountId);
  const session = await client.restore(did).catch(ended);
  return {
    agent: new Agent(session),
    did,
    renew: async () => {
      await session.getTokenInfo(true).catch(ended);
    },
  };
}
