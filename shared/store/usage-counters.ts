import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { accountKey } from './accounts';

/**
 * Monthly usage counter: one item per account and UTC month, incremented inside the post
 * creation transaction under `used < limit` (see posts store).
 */
export const usageCounterKey = (accountId: string, month: string) => ({ pk: accountKey(accountId).pk, sk: `USAGE#${month}` });

export async function getUsedCount(accountId: string, month: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: usageCounterKey(accountId, month), ConsistentRead: true }));
  return (Item?.used as number | undefined) ?? 0;
}

/** Transaction item adding one post to the month's counter, only while it is under the limit. */
export function incrementUsageItem(accountId: string, month: string, limit: number) {
  return {
    Update: {
      TableName: tableName,
      Key: usageCounterKey(accountId, month),
      UpdateExpression: 'ADD used :one SET #type = :type',
      ConditionExpression: 'attribute_not_exists(used) OR used < :limit',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':type': 'usage_counter' },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/** Transaction item taking back the increment of a creation that is being rolled back. */
export function decrementUsageItem(accountId: string, month: string) {
  return {
    Update: {
      TableName: tableName,
      Key: usageCounterKey(accountId, month),
      UpdateExpression: 'ADD used :minusOne',
      ConditionExpression: 'used > :zero',
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    },
  };
}
