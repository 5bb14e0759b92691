import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SPACING_MS } from '#shared/domain/linkedin-spacing';
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

/** Transaction items that claim `bucket` and check that the neighbouring buckets' posts are 60 s away. */
export function claimSpacingSlotItems(accountId: string, bucket: number, postId: string, postTimeMs: number) {
  return [
    {
      Put: {
        TableName: tableName,
        Item: { ...spacingSlotKey(accountId, bucket), type: 'spacing_slot', post_id: postId, post_time_ms: postTimeMs },
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    },
    {
      ConditionCheck: {
        TableName: tableName,
        Key: spacingSlotKey(accountId, bucket - 1),
        ConditionExpression: 'attribute_not_exists(pk) OR post_time_ms <= :earliest',
        ExpressionAttributeValues: { ':earliest': postTimeMs - SPACING_MS },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    },
    {
      ConditionCheck: {
        TableName: tableName,
        Key: spacingSlotKey(accountId, bucket + 1),
        ConditionExpression: 'attribute_not_exists(pk) OR post_time_ms >= :latest',
        ExpressionAttributeValues: { ':latest': postTimeMs + SPACING_MS },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    },
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

/** Times of the account's LinkedIn posts from one bucket before `fromBucket` onwards (for next_available). */
export async function spacingTimesFrom(accountId: string, fromBucket: number): Promise<Date[]> {
  const times: Date[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': accountKey(accountId).pk, ':from': skOf(fromBucket - 1), ':to': 'LISLOT#~' },
        ProjectionExpression: 'post_time_ms',
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    times.push(...(page.Items ?? []).map((item) => new Date(item.post_time_ms as number)));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return times;
}
