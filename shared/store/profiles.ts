import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ServiceError, type Platform } from '#shared/http/errors';
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

/**
 * Stores a new profile; PROFILE_ALREADY_EXISTS when the account has one for the platform
 * (a conditional put on the per-platform key: two concurrent connects make one profile).
 */
export async function createProfileItem(item: ProfileItem): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...profileKey(item.account_id, item.platform), type: 'profile', ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new ServiceError('PROFILE_ALREADY_EXISTS');
    throw error;
  }
}

export async function getProfileItem(accountId: string, platform: Platform): Promise<ProfileItem | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: profileKey(accountId, platform), ConsistentRead: true }),
  );
  return Item as ProfileItem | undefined;
}

/** The account's profile with this id (an account has at most one per platform: a two-item query). */
export async function findProfileItemById(accountId: string, profileId: string): Promise<ProfileItem | undefined> {
  return (await listProfileItems(accountId)).find((item) => item.id === profileId);
}

/** Deletes the profile (and with it its sealed credentials) if it is still the one with this id. */
export async function deleteProfileItem(accountId: string, platform: Platform, profileId: string): Promise<boolean> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: profileKey(accountId, platform),
        ConditionExpression: 'id = :id',
        ExpressionAttributeValues: { ':id': profileId },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Replaces the sealed credentials (e.g. a refreshed Bluesky session) of the profile with this id. */
export async function updateProfileCredentials(accountId: string, platform: Platform, profileId: string, credentials: string): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: profileKey(accountId, platform),
        UpdateExpression: 'SET credentials = :credentials',
        ConditionExpression: 'id = :id',
        ExpressionAttributeValues: { ':credentials': credentials, ':id': profileId },
      }),
    )
    .catch((error: unknown) => {
      // The profile was deleted or replaced meanwhile: its credentials are gone with it.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

/** Flags the profile when the platform says its credentials were revoked or expired. */
export async function markProfileNeedsReconnect(accountId: string, platform: Platform, profileId: string): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: profileKey(accountId, platform),
        UpdateExpression: 'SET needs_reconnect = :true',
        ConditionExpression: 'id = :id',
        ExpressionAttributeValues: { ':true': true, ':id': profileId },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}
