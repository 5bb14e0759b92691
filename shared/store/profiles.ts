import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '#shared/domain/errors';
import { type Platform } from '#shared/domain/platforms';
import { db, tableName } from './client';
import { accountKey } from './accounts';
import { GSI1 } from './table';
import type { PlatformProfile, Profile } from '#shared/domain/profile';
import { profileAuthor, type AuthorSource, type ProfileAuthor } from '#shared/domain/profile-author';
import { type WebhookEvent } from '#shared/domain/webhook';
import { putWebhookEventItem } from './webhook-events';
import { failedCondition, ignoreConditionFailure, isCancelledTransaction, isConditionFailure } from './transaction-errors';
import type { AuditPut } from './audit-log';

/**
 * Profiles: one item per account and platform, so "one profile per platform" is a key
 * uniqueness (`attribute_not_exists` on create), not a read-then-write.
 */

/** A stored profile: the public fields plus what the publisher needs (never returned). */
export interface ProfileItem extends Omit<Profile, 'author'> {
  account_id: string;
  /**
   * Stored only when LinkedIn was connected for a page: null until one is picked, then the
   * organization. Absent: the profile posts as its member (docs/api.md, "LinkedIn pages").
   */
  author?: ProfileAuthor | null;
  /** Secret-box ciphertext of the platform credentials (app password / session / token). */
  credentials: string;
  /** Bluesky PDS URL used to connect. */
  service?: string;
  /** Bluesky: 'oauth' for an atproto OAuth connection (its session is a separate item: shared/store/bluesky-oauth-sessions.ts); absent: app password. */
  auth?: 'oauth';
  /** The token expiry a profile.expiring event was sent for (once per token). */
  expiring_announced_for?: string;
}

export const profileKey = (accountId: string, platform: Platform) => ({ pk: accountKey(accountId).pk, sk: `PROFILE#${platform}` });

/**
 * Profiles with an expiring token, by the UTC day it expires (one partition a day, so no key is
 * hot), for the daily sweep that announces tokens about to expire.
 */
export const profileExpiryKey = (expiresAt: string, accountId: string) => ({
  gsi1pk: `PROFILEEXPIRY#${expiresAt.slice(0, 10)}`,
  gsi1sk: `${expiresAt}#${accountId}`,
});

export const toProfile = (item: Omit<Profile, 'author'> | Record<string, unknown>): Profile =>
  toProfileFields(item as Record<string, unknown>);

const toProfileFields = (item: Record<string, unknown>): Profile => ({
  id: item.id as string,
  platform: item.platform as Platform,
  handle: item.handle as string,
  display_name: (item.display_name as string | undefined) ?? null,
  platform_user_id: item.platform_user_id as string,
  connected_at: item.connected_at as string,
  expires_at: (item.expires_at as string | undefined) ?? null,
  needs_reconnect: item.needs_reconnect === true,
  author: profileAuthor(item as unknown as AuthorSource),
  // Stored only for OAuth connections: every earlier Bluesky profile used an app password.
  ...(item.platform === 'bluesky' ? { auth: item.auth === 'oauth' ? ('oauth' as const) : ('app_password' as const) } : {}),
});

/** A stored profile as the platform adapters take it (its author resolved; docs/api.md, "LinkedIn pages"). */
export const toPlatformProfile = (item: ProfileItem): PlatformProfile => ({
  ...toProfile(item),
  account_id: item.account_id,
  credentials: item.credentials,
  ...(item.service === undefined ? {} : { service: item.service }),
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
export async function createProfileItem(item: ProfileItem, audit?: AuditPut): Promise<void> {
  const put = {
    TableName: tableName,
    Item: {
      ...profileKey(item.account_id, item.platform),
      ...(item.expires_at ? profileExpiryKey(item.expires_at, item.account_id) : {}),
      type: 'profile',
      ...item,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  try {
    // With its audit entry (docs/api.md, "Audit trail"), one transaction: both land or neither.
    if (audit) await db.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, audit] }));
    else await db.send(new PutCommand(put));
  } catch (error) {
    if (isConditionFailure(error) || failedCondition(error, 0)) throw new DomainError('PROFILE_ALREADY_EXISTS');
    throw error;
  }
}

export async function getProfileItem(accountId: string, platform: Platform): Promise<ProfileItem | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: profileKey(accountId, platform), ConsistentRead: true }));
  return Item as ProfileItem | undefined;
}

/** The account's profile with this id (an account has at most one per platform: a two-item query). */
export async function findProfileItemById(accountId: string, profileId: string): Promise<ProfileItem | undefined> {
  return (await listProfileItems(accountId)).find((item) => item.id === profileId);
}

/** Deletes the profile (and with it its sealed credentials) if it is still the one with this id. */
export async function deleteProfileItem(accountId: string, platform: Platform, profileId: string, audit?: AuditPut): Promise<boolean> {
  const deletion = {
    TableName: tableName,
    Key: profileKey(accountId, platform),
    ConditionExpression: 'id = :id',
    ExpressionAttributeValues: { ':id': profileId },
  };
  try {
    if (audit) await db.send(new TransactWriteCommand({ TransactItems: [{ Delete: deletion }, audit] }));
    else await db.send(new DeleteCommand(deletion));
    return true;
  } catch (error) {
    if (isConditionFailure(error) || failedCondition(error, 0)) return false;
    throw error;
  }
}

/** Replaces the sealed credentials (e.g. a refreshed Bluesky session) of the profile with this id. */
export async function updateProfileCredentials(
  accountId: string,
  platform: Platform,
  profileId: string,
  credentials: string,
): Promise<void> {
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
    // The profile was deleted or replaced meanwhile: its credentials are gone with it.
    .catch(ignoreConditionFailure);
}

/**
 * Flags the profile when the platform says its credentials were revoked or expired, recording
 * the profile.needs_reconnect event in the same transaction. False when there was nothing to
 * flag (already flagged, or deleted or replaced meanwhile): one event per profile.
 */
export async function flagProfileNeedsReconnect(profile: ProfileItem, event: WebhookEvent): Promise<boolean> {
  return announcingUpdate(event, {
    TableName: tableName,
    Key: profileKey(profile.account_id, profile.platform),
    UpdateExpression: 'SET needs_reconnect = :true',
    ConditionExpression: 'id = :id AND (attribute_not_exists(needs_reconnect) OR needs_reconnect <> :true)',
    ExpressionAttributeValues: { ':true': true, ':id': profile.id },
  });
}

/** Marks the profile's token as announced expiring, with the profile.expiring event; false when it already was. */
export async function markProfileExpiringAnnounced(profile: ProfileItem, event: WebhookEvent): Promise<boolean> {
  return announcingUpdate(event, {
    TableName: tableName,
    Key: profileKey(profile.account_id, profile.platform),
    UpdateExpression: 'SET expiring_announced_for = :expires',
    ConditionExpression:
      'id = :id AND expires_at = :expires AND (attribute_not_exists(expiring_announced_for) OR expiring_announced_for <> :expires)',
    ExpressionAttributeValues: { ':expires': profile.expires_at, ':id': profile.id },
  });
}

async function announcingUpdate(event: WebhookEvent, update: Record<string, unknown>): Promise<boolean> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: [{ Update: update as never }, putWebhookEventItem(event)] }));
    return true;
  } catch (error) {
    if (isCancelledTransaction(error)) return false;
    throw error;
  }
}

/** Profiles (of every account) whose token expires between the two instants, through the expiry index. */
export async function queryProfilesExpiringBetween(from: Date, to: Date): Promise<ProfileItem[]> {
  const found: ProfileItem[] = [];
  for (let day = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); day <= to.getTime(); day += 86_400_000) {
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: GSI1,
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': profileExpiryKey(new Date(day).toISOString(), '').gsi1pk,
            ':from': from.toISOString(),
            // Every key of an instant sorts after the bare instant: '~' sorts after '#' and any id.
            ':to': `${to.toISOString()}~`,
          },
          ExclusiveStartKey: cursor,
        }),
      );
      found.push(...((page.Items ?? []) as ProfileItem[]));
      cursor = page.LastEvaluatedKey;
    } while (cursor);
  }
  return found;
}
