import { listProfileItems, toProfile, type Profile } from '#shared/store/profiles';

/** The account's profiles, sorted by platform name. */
export async function listProfiles(accountId: string): Promise<Profile[]> {
  const items = await listProfileItems(accountId);
  return items.map(toProfile).sort((a, b) => a.platform.localeCompare(b.platform));
}
