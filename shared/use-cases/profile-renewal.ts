import type { PlatformProfile } from '#shared/domain/profile';
import { logger } from '#shared/logger';
import type { PublishOutcome } from '#shared/platforms/publisher';
import { updateProfileCredentials } from '#shared/store/profiles';

/**
 * Stores what a platform call changed on the profile: the session it renewed (a Bluesky refresh or
 * login; docs/decisions/0122). The adapters only say what changed: platform code writes nothing to
 * the store. Answers the profile the next attempt goes with (the renewed session, even when the
 * write failed: it is valid either way) and the outcome without the credentials (ciphertext, not for
 * records or logs). A failed write is logged, not thrown: the old session still refreshes for a
 * while (the PDS allows a grace period), and at worst the next publish logs in again.
 */
export async function keepRenewal(
  profile: PlatformProfile,
  outcome: PublishOutcome,
  postId: string,
): Promise<{ profile: PlatformProfile; outcome: PublishOutcome }> {
  const { renewedCredentials, ...kept } = outcome;
  if (!renewedCredentials) return { profile, outcome: kept };
  try {
    await updateProfileCredentials(profile.account_id, profile.platform, profile.id, renewedCredentials);
  } catch (error) {
    logger.warn('renewed platform session not saved', {
      post_id: postId,
      profile_id: profile.id,
      platform: profile.platform,
      error: error as Error,
    });
  }
  return { profile: { ...profile, credentials: renewedCredentials }, outcome: kept };
}
