import { DomainError } from '#shared/domain/errors';
import { type Profile } from '#shared/domain/profile';
import { deleteProfileItem, findProfileItemById, listProfileItems, toProfile } from '#shared/store/profiles';
import { endBlueskyOAuthSession } from './bluesky-oauth-connection';

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

/**
 * Deletes a profile of the account, and with it its sealed credentials; the platform can be
 * connected again at once. Posts are untouched (they target platforms, not profiles).
 */
export async function deleteProfile(accountId: string, profileId: string): Promise<void> {
  const item = await findProfileItemById(accountId, profileId);
  // The delete is conditional on the id: a profile replaced meanwhile is not this one any more.
  if (!item || !(await deleteProfileItem(accountId, item.platform, profileId))) throw new DomainError('PROFILE_NOT_FOUND');
  // An OAuth profile's session is its own item: revoked at the PDS and deleted with the profile.
  if (item.auth === 'oauth') await endBlueskyOAuthSession(accountId, item.platform_user_id);
}
