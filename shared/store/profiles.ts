import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '#shared/http/errors';
import { db, tableName } from './client';
import { accountKey } from './accounts';

/**
 * Profiles: one item per account and platform, so "one profile per platform" is a key
 * uniqueness (`attribute_not_exists` on create), not a read-then-write.
 */
export interface Profile {
  id: string;
  platform: Platform;
  handle: string;
  display_name: string | null;
  platform_user_id: string;
  connected_at: string;
  /** LinkedIn access-token expiry; null for Bluesky. */
  expires_at: string | null;
  needs_reconnect: boolean;
}

/** A stored profile: the public fields plus what the publisher needs (never returned). */
export interface ProfileItem extends Profile {
  account_id: string;
  /** Secret-box ciphertext of the platform credentials (app password / session / token). */
  credentials: string;
  /** Bluesky PDS URL used to connect. */
  service?: string;
}

export const profileKey = (accountId: string, platform: Platform) => ({ pk: accountKey(accountId).pk, sk: `PROFILE#${platform}` });

export const toProfile = (item: Profile | Record<string, unknown>): Profile => toProfileFields(item as Record<string, unknown>);

const toProfileFields = (item: Record<string, unknown>): Profile => ({
  id: item.id as string,
  platform: item.platform as Platform,
  handle: item.handle as string,
  display_name: (item.display_name as string | undefined) ?? null,
  platform_user_id: item.platform_user_id as string,
  connected_at: item.connected_at as string,
  expires_at: (item.expires_at as string | undefined) ?? null,
  needs_reconnect: item.needs_reconnect === true,
});

/** Every profile item of the account (at most one per platform), strongly consistent. */
export async function listProfileItems(accountId: string): Promise<ProfileItem[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': accountKey(accountId).pk, ':prefix': 'PROFILE#' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []) as ProfileItem[];
}
