import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountSettings } from '#shared/domain/account-settings';
import { DEFAULT_SETTINGS } from '#shared/domain/account-settings';
import { accountKey } from './accounts';
import { db, tableName } from './client';

/** The account's settings (docs/api.md, "Settings"): one item beside the account, `ACCOUNT#{id}` / `SETTINGS`. */
export const settingsKey = (accountId: string) => ({ pk: accountKey(accountId).pk, sk: 'SETTINGS' });

const toSettings = (item: Record<string, unknown> | undefined): AccountSettings =>
  item
    ? { track_links: item.track_links === true, utm_campaign: typeof item.utm_campaign === 'string' ? item.utm_campaign : null }
    : { ...DEFAULT_SETTINGS };

/** The settings, or the defaults while none were set. */
export async function getAccountSettings(accountId: string): Promise<AccountSettings> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: settingsKey(accountId) }));
  return toSettings(Item);
}

/**
 * Sets the fields given (a null campaign removes it) in one UpdateItem, so two changes of different
 * fields at once both hold; answers the settings as they then stand.
 */
export async function updateAccountSettings(
  accountId: string,
  change: { track_links?: boolean; utm_campaign?: string | null },
): Promise<AccountSettings> {
  const sets = ['#type = :type'];
  const values: Record<string, unknown> = { ':type': 'account_settings' };
  if (change.track_links !== undefined) {
    sets.push('track_links = :track');
    values[':track'] = change.track_links;
  }
  if (typeof change.utm_campaign === 'string') {
    sets.push('utm_campaign = :campaign');
    values[':campaign'] = change.utm_campaign;
  }
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: settingsKey(accountId),
      UpdateExpression: `SET ${sets.join(', ')}${change.utm_campaign === null ? ' REMOVE utm_campaign' : ''}`,
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toSettings(Attributes);
}
