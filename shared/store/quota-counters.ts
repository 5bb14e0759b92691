import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { accountKey } from './accounts';
import { cancellationReasons, ignoreConditionFailure } from './transaction-errors';

/**
 * Counted quotas (docs/api.md, "Quotas"): one counter item per account and quota beside the
 * items it counts, raised under the limit in the transaction that creates an item and lowered in
 * the one that deletes it, so concurrent creations never pass the limit (DynamoDB serialises the
 * conditional ADD). The webhook counter is the one webhooks always had (`WEBHOOKCOUNT`); the key
 * counter is new, so an account's first key change counts its keys once (`startCounter`).
 */
export type CountedQuota = 'keys' | 'webhooks';

const COUNTERS: Record<CountedQuota, { sk: string; attribute: string; itemPrefix: string; type: string }> = {
  keys: { sk: 'KEYCOUNT', attribute: 'keys', itemPrefix: 'KEY#', type: 'key_count' },
  webhooks: { sk: 'WEBHOOKCOUNT', attribute: 'webhooks', itemPrefix: 'WEBHOOK#', type: 'webhook_count' },
};

export const quotaCounterKey = (accountId: string, quota: CountedQuota) => ({ pk: accountKey(accountId).pk, sk: COUNTERS[quota].sk });

/** The transaction item that takes a place: fails (ALL_OLD returned) at `limit`, and when the counter was never started. */
export function takePlaceItem(accountId: string, quota: CountedQuota, limit: number) {
  const counter = COUNTERS[quota];
  return {
    Update: {
      TableName: tableName,
      Key: quotaCounterKey(accountId, quota),
      UpdateExpression: 'ADD #count :one SET #type = :type',
      ConditionExpression: '#count < :limit',
      ExpressionAttributeNames: { '#count': counter.attribute, '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':type': counter.type },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/** The transaction item that gives a place back; fails when the counter was never started. */
export function givePlaceBackItem(accountId: string, quota: CountedQuota) {
  const counter = COUNTERS[quota];
  return {
    Update: {
      TableName: tableName,
      Key: quotaCounterKey(accountId, quota),
      UpdateExpression: 'ADD #count :minusOne',
      ConditionExpression: 'attribute_exists(#count)',
      ExpressionAttributeNames: { '#count': counter.attribute },
      ExpressionAttributeValues: { ':minusOne': -1 },
    },
  };
}

/**
 * How a transaction holding a counter item at `index` failed on it: 'full' at the limit,
 * 'unstarted' when the counter does not exist yet, undefined when that item was not the cause.
 */
export function counterFailure(error: unknown, index: number, quota: CountedQuota): 'full' | 'unstarted' | undefined {
  const reason = cancellationReasons(error)?.[index];
  if (!reason?.conditionFailed) return undefined;
  return typeof reason.item?.[COUNTERS[quota].attribute] === 'number' ? 'full' : 'unstarted';
}

/**
 * Starts an account's counter at the number of items it counts (a strongly consistent count of the
 * account's partition). Safe under concurrency: every creation and deletion needs the counter, so
 * none lands between this count and its write; of two starters the first write wins, and the
 * other's (the same count) is dropped.
 */
export async function startCounter(accountId: string, quota: CountedQuota): Promise<void> {
  const counter = COUNTERS[quota];
  let count = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': accountKey(accountId).pk, ':prefix': counter.itemPrefix },
        ConsistentRead: true,
        Select: 'COUNT',
        ExclusiveStartKey: cursor,
      }),
    );
    count += page.Count ?? 0;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  await db
    .send(
      new PutCommand({
        TableName: tableName,
        Item: { ...quotaCounterKey(accountId, quota), type: counter.type, [counter.attribute]: count },
        ConditionExpression: 'attribute_not_exists(#count)',
        ExpressionAttributeNames: { '#count': counter.attribute },
      }),
    )
    .catch(ignoreConditionFailure);
}

/**
 * The places an account holds now (undefined when its counter was never started): a cheap look
 * before work that costs something shared (a KMS call), never the check itself, which stays the
 * creating transaction's condition.
 */
export async function placesTaken(accountId: string, quota: CountedQuota): Promise<number | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: quotaCounterKey(accountId, quota), ConsistentRead: true }));
  const count = Item?.[COUNTERS[quota].attribute];
  return typeof count === 'number' ? count : undefined;
}
