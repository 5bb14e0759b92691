import type { AccountSettings } from '#shared/domain/account-settings';
import { getAccountSettings, updateAccountSettings } from '#shared/store/account-settings';

/** GET /settings (docs/api.md, "Settings"). */
export async function getSettings(accountId: string): Promise<{ settings: AccountSettings }> {
  return { settings: await getAccountSettings(accountId) };
}

export interface SettingsChange {
  track_links?: boolean;
  utm_campaign?: string | null;
}

/**
 * PUT /settings: the fields given replace the stored ones, the others stay (null clears utm_campaign).
 * Applies to posts published from now on that do not say for themselves.
 */
export async function putSettings(accountId: string, change: SettingsChange): Promise<{ settings: AccountSettings }> {
  return { settings: await updateAccountSettings(accountId, change) };
}
