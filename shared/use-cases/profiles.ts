import { DomainError } from '#shared/domain/errors';
import type { AuditActor } from '#shared/domain/audit';
import { auditPutItem, type AuditPut } from '#shared/store/audit-log';
import { clock } from '#shared/ports/clock';
import { type Profile } from '#shared/domain/profile';
import { deleteProfileItem, findProfileItemById, listProfileItems, toProfile, type ProfileItem } from '#shared/store/profiles';
import { endBlueskyOAuthSession } from './bluesky-oauth-session-end';

/** The account's profiles, sorted by platform name. */
export async function listProfiles(accountId: string): Promise<Profile[]> {
  const items = await listProfileItems(accountId);
  return items.map(toProfile).sort((a, b) => a.platform.localeCompare(b.platform));
}

/** One profile of the account (any platform); PROFILE_NOT_FOUND for an unknown id or another account's. */
export async function getProfile(accountId: string, profileId: string): Promise<Profile> {
  const item = await findProfileItemById(accountId, profileId);
  if (!item) throw new DomainError('PROFILE_NOT_FOUND');
  return toProfile(item);
}

/** The audit entry of a profile connected (docs/api.md, "Audit trail"). */
export const profileConnected = (actor: AuditActor, item: Pick<ProfileItem, 'id' | 'account_id' | 'platform' | 'handle'>): AuditPut =>
  auditPutItem(
    item.account_id,
    {
      actor,
      action: 'profile.connected',
      target: { type: 'profile', id: item.id },
      details: { platform: item.platform, handle: item.handle },
    },
    clock.now(),
  );

/**
 * Deletes a profile of the account, and with it its sealed credentials; the platform can be
 * connected again at once. Posts are untouched (they target platforms, not profiles).
 */
export async function deleteProfile(accountId: string, profileId: string, actor: AuditActor): Promise<void> {
  const item = await findProfileItemById(accountId, profileId);
  if (!item) throw new DomainError('PROFILE_NOT_FOUND');
  const audit = auditPutItem(
    accountId,
    {
      actor,
      action: 'profile.removed',
      target: { type: 'profile', id: profileId },
      details: { platform: item.platform, handle: item.handle },
    },
    clock.now(),
  );
  // The delete is conditional on the id: a profile replaced meanwhile is not this one any more.
  if (!(await deleteProfileItem(accountId, item.platform, profileId, audit))) throw new DomainError('PROFILE_NOT_FOUND');
  // An OAuth profile's session is its own item: revoked at the PDS and deleted with the profile.
  if (item.auth === 'oauth') await endBlueskyOAuthSession(accountId, item.platform_user_id);
}
