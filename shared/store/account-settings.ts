import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountSettings } from '#shared/domain/account-settings';
import { DEFAULT_SETTINGS } from '#shared/domain/account-settings';
import { accountKey } from './accounts';
import { db, tableName } from './client';

/** The account's settings (docs/api.md, "Settings"): one item beside the account, `ACCOUNT#{id}` / `SETTINGS`. */
export const settingsKey = (accountId: string) => ({ pk: accountKey(accountId).pk, sk: 'SETTINGS' });

/** The settings, or the defaults while none were set. */
export async function getAccountSettings(accountId: string): Promise<AccountSettings> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: settingsKey(accountId) }));
  if (!Item) return { ...DEFAULT_SETTINGS };
  return { track_links: Item.track_links === true, utm_campaign: typeof Item.utm_campaign === 'string' ? Item.utm_campaign : null };
}

export async function putAccountSettings(accountId: string, settings: AccountSettings): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: { ...settingsKey(accountId), type: 'account_settings', ...settings } }));
}
