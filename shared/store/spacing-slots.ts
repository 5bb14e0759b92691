import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SPACING_MS, type SlotHold } from '#shared/domain/linkedin-spacing';
import { db, tableName } from './client';
import { accountKey } from './accounts';

/**
 * LinkedIn spacing slots: one item per account and 60-second bucket holding the LinkedIn
 * post of that bucket (see shared/domain/linkedin-spacing.ts). Claimed in the post creation
 * transaction, released when the post is deleted or fails.
 */
const BUCKET_DIGITS = 12;
const skOf = (bucket: number) => `LISLOT#${String(bucket).padStart(BUCKET_DIGITS, '0')}`;

export const spacingSlotKey = (accountId: string, bucket: number) => ({ pk: accountKey(accountId).pk, sk: skOf(bucket) });

/** Writes the slot: into a free bucket only, or also over this post's own slot (a move within its bucket, a rollback). */
function putSlotItem(accountId: string, postId: string, hold: SlotHold, allow: 'free' | 'free-or-ours') {
  return {
    Put: {
      TableName: tableName,
      Item: { ...spacingSlotKey(accountId, hold.bucket), type: 'spacing_slot', post_id: postId, post_time_ms: hold.timeMs },
      ConditionExpression: allow === 'free' ? 'attribute_not_exists(pk)' : 'attribute_not_exists(pk) OR post_id = :postId',
      ...(allow === 'free' ? {} : { ExpressionAttributeValues: { ':postId': postId } }),
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/** Checks that the post in the bucket before (side -1) or after (+1) is at least 60 s from `timeMs`. */
function neighbourCheckItem(accountId: string, bucket: number, side: -1 | 1, timeMs: number) {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: spacingSlotKey(accountId, bucket + side),
      ConditionExpression:
        side < 0 ? 'attribute_not_exists(pk) OR post_time_ms <= :earliest' : 'attribute_not_exists(pk) OR post_time_ms >= :latest',
      ExpressionAttributeValues: side < 0 ? { ':earliest': timeMs - SPACING_MS } : { ':latest': timeMs + SPACING_MS },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/** Transaction items that claim `bucket` and check that the neighbouring buckets' posts are 60 s away. */
export function claimSpacingSlotItems(accountId: string, bucket: number, postId: string, postTimeMs: number) {
  const hold = { bucket, timeMs: postTimeMs };
  return [
    putSlotItem(accountId, postId, hold, 'free'),
    neighbourCheckItem(accountId, bucket, -1, postTimeMs),
    neighbourCheckItem(accountId, bucket, 1, postTimeMs),
  ];
}

/** Transaction item releasing the slot if it still belongs to the post. */
export function releaseSpacingSlotItem(accountId: string, bucket: number, postId: string) {
  return {
    Delete: {
      TableName: tableName,
      Key: spacingSlotKey(accountId, bucket),
      // Already gone is fine; someone else's slot is not ours to free.
      ConditionExpression: 'attribute_not_exists(pk) OR post_id = :postId',
      ExpressionAttributeValues: { ':postId': postId },
    },
  };
}

type SlotItem = ReturnType<typeof putSlotItem> | ReturnType<typeof neighbourCheckItem> | ReturnType<typeof releaseSpacingSlotItem>;

/**
 * Transaction items moving a post's LinkedIn slot from the bucket it holds (`from`) to a new
 * time (`to`), for an edit or a retry: either may be absent (LinkedIn added or removed). The
 * claim is checked like a creation's, against every other post but this one: the post's own old
 * bucket is freed in the same transaction, so when it is a neighbour it is not checked (it holds
 * only this post), and a move within one bucket rewrites the slot in place. The first `claims`
 * items are the claim and its checks: a failure there breaks the spacing rule.
 * `checkNeighbours: false` puts a slot back as it was (a rollback), without the checks.
 */
export function moveSpacingSlotItems(
  accountId: string,
  postId: string,
  from: number | undefined,
  to: SlotHold | undefined,
  options: { checkNeighbours: boolean } = { checkNeighbours: true },
): { items: SlotItem[]; claims: number } {
  const release = from !== undefined && from !== to?.bucket ? [releaseSpacingSlotItem(accountId, from, postId)] : [];
  if (!to) return { items: release, claims: 0 };
  const put = putSlotItem(accountId, postId, to, from === to.bucket || !options.checkNeighbours ? 'free-or-ours' : 'free');
  const checks = options.checkNeighbours
    ? ([-1, 1] as const)
        .filter((side) => to.bucket + side !== from)
        .map((side) => neighbourCheckItem(accountId, to.bucket, side, to.timeMs))
    : [];
  return { items: [put, ...checks, ...release], claims: 1 + checks.length };
}

/**
 * Times of the account's LinkedIn posts from one bucket before `fromBucket` onwards (for
 * next_available), leaving out `exceptPostId` (a post being moved is not in its own way).
 */
export async function spacingTimesFrom(accountId: string, fromBucket: number, exceptPostId?: string): Promise<Date[]> {
  const times: Date[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': accountKey(accountId).pk, ':from': skOf(fromBucket - 1), ':to': 'LISLOT#~' },
        ProjectionExpression: 'post_time_ms, post_id',
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    const items = (page.Items ?? []).filter((item) => exceptPostId === undefined || item.post_id !== exceptPostId);
    times.push(...items.map((item) => new Date(item.post_time_ms as number)));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return times;
}
