import { EXPIRING_WITHIN_MS } from '#shared/domain/webhook-events';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { markProfileExpiringAnnounced, queryProfilesExpiringBetween } from '#shared/store/profiles';
import { announce, profileEvent } from './events';

/**
 * The daily sweep (an EventBridge Scheduler schedule in AWS, the local scheduler locally): every
 * profile whose token expires within 7 days gets one profile.expiring event per token, recorded
 * with the mark that says so in one write (a second sweep, or two at once, find it marked).
 * Profiles already flagged needs_reconnect are left out: that event told the owner already.
 */
export async function announceExpiringProfiles(): Promise<number> {
  const now = clock.now();
  const profiles = await queryProfilesExpiringBetween(now, new Date(now.getTime() + EXPIRING_WITHIN_MS));
  let announced = 0;
  for (const profile of profiles) {
    if (profile.needs_reconnect || !profile.expires_at || profile.expiring_announced_for === profile.expires_at) continue;
    const expiring = profileEvent('profile.expiring', profile);
    if (await markProfileExpiringAnnounced(profile, expiring)) {
      announce(expiring);
      announced += 1;
    }
  }
  logger.info('expiring profiles swept', { candidates: profiles.length, announced });
  return announced;
}
