import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '#shared/domain/platforms';
import { db, tableName } from './client';
import { GSI1 } from './table';
import { isConditionFailure, oldItemOf } from './transaction-errors';

/**
 * What inbox collection keeps per profile (docs/decisions/0240-inbox-collection.md):
 * - the collection state `ACCOUNT#id` / `INBOXSTATE#platform`: the platform cursor (Bluesky: the
 *   newest notification time taken), the last round, and the last publication, which also puts the
 *   profile in the sparse GSI1 partition `INBOX#ACTIVE` sorted by that time, so the scheduled round
 *   finds the profiles active in the last 30 days with one Query;
 * - the account's refresh mark `INBOXREFRESH` (once a minute);
 * - the index of our Bluesky posts by the URI of their first part `BSKYURI#account#uri`, to resolve
 *   what a reply or a quote points at to our post.
 */
const ACTIVE_PARTITION = 'INBOX#ACTIVE';
const stateKey = (accountId: string, platform: Platform) => ({ pk: `ACCOUNT#${accountId}`, sk: `INBOXSTATE#${platform}` });

export interface InboxCollectionState {
  account_id: string;
  platform: Platform;
  cursor: string | null;
  last_collected_at: string | null;
  last_published_at: string | null;
}

export async function getCollectionState(accountId: string, platform: Platform): Promise<InboxCollectionState> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: stateKey(accountId, platform), ConsistentRead: true }));
  return {
    account_id: accountId,
    platform,
    cursor: (Item?.cursor as string | undefined) ?? null,
    last_collected_at: (Item?.last_collected_at as string | undefined) ?? null,
    last_published_at: (Item?.last_published_at as string | undefined) ?? null,
  };
}

/** A post went out on the profile: it is active (collected on the schedule) for 30 days from `at`. */
export async function notePublication(accountId: string, platform: Platform, at: string): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: stateKey(accountId, platform),
        UpdateExpression:
          'SET #type = :type, account_id = :account, platform = :platform, last_published_at = :at, gsi1pk = :active, gsi1sk = :sort',
        // Never moves back: a late hook for an older post leaves the newer time.
        ConditionExpression: 'attribute_not_exists(last_published_at) OR last_published_at < :at',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'inbox_state',
          ':account': accountId,
          ':platform': platform,
          ':at': at,
          ':active': ACTIVE_PARTITION,
          ':sort': `${at}#${accountId}#${platform}`,
        },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** A round's end: the new cursor (kept as it was when the round failed: then only the time is written). */
export async function recordCollectionRound(accountId: string, platform: Platform, at: Date, cursor?: string | null): Promise<void> {
  const withCursor = cursor !== undefined;
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: stateKey(accountId, platform),
      UpdateExpression: `SET #type = :type, account_id = :account, platform = :platform, last_collected_at = :at${withCursor ? ', #cursor = :cursor' : ''}`,
      ExpressionAttributeNames: { '#type': 'type', ...(withCursor ? { '#cursor': 'cursor' } : {}) },
      ExpressionAttributeValues: {
        ':type': 'inbox_state',
        ':account': accountId,
        ':platform': platform,
        ':at': at.toISOString(),
        ...(withCursor ? { ':cursor': cursor } : {}),
      },
    }),
  );
}

/** The profiles with a publication at or after `since`: the scheduled round's work list. */
export async function queryActiveProfiles(since: Date): Promise<{ account_id: string; platform: Platform }[]> {
  const found: { account_id: string; platform: Platform }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :since',
        ExpressionAttributeValues: { ':pk': ACTIVE_PARTITION, ':since': since.toISOString() },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) found.push({ account_id: String(item.account_id), platform: item.platform as Platform });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/**
 * POST /inbox/refresh's once-a-minute rule: marks the refresh unless the last one is younger than
 * `notBefore`; when refused, the time of the last one (for retry_after).
 */
export async function claimInboxRefresh(
  accountId: string,
  now: Date,
  notBefore: Date,
): Promise<{ claimed: true } | { claimed: false; lastAt: string }> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { pk: `ACCOUNT#${accountId}`, sk: 'INBOXREFRESH', type: 'inbox_refresh', refreshed_at: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk) OR refreshed_at <= :notBefore',
        ExpressionAttributeValues: { ':notBefore': notBefore.toISOString() },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { claimed: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return { claimed: false, lastAt: String(oldItemOf(error)?.refreshed_at ?? now.toISOString()) };
  }
}

const uriKey = (accountId: string, uri: string) => ({ pk: `BSKYURI#${accountId}#${uri}`, sk: 'BSKYURI' });

/** Our post whose Bluesky thread starts at `uri`, when indexed. */
export async function findPostByBlueskyUri(accountId: string, uri: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: uriKey(accountId, uri) }));
  return Item ? String(Item.post_id) : undefined;
}

export async function indexBlueskyPost(accountId: string, uri: string, postId: string): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: { ...uriKey(accountId, uri), type: 'bluesky_uri_index', post_id: postId } }));
}
