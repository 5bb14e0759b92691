import { logger } from '#shared/logger';
import { describeFailure } from '#shared/platforms/bluesky/errors';
import { blueskyOAuthClient } from '#shared/platforms/bluesky/oauth-client';
import { deleteBlueskyOAuthSession } from '#shared/store/bluesky-oauth-sessions';

/**
 * A disconnected OAuth profile: its grant revoked at the PDS (so the tokens die there too) and its
 * session deleted. The revocation is best effort (the PDS may be down, the grant already gone): the
 * session item is deleted whatever happens, so nothing of it stays with the service.
 */
export async function endBlueskyOAuthSession(accountId: string, did: string): Promise<void> {
  try {
    await (await blueskyOAuthClient(accountId)).revoke(did);
  } catch (error) {
    logger.warn('bluesky oauth grant not revoked', { platform_user_id: did, cause: describeFailure(error) });
  }
  await deleteBlueskyOAuthSession(accountId, did);
}
