import { GetCommand, PutCommand, QueryCommand, ScanCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AnyWebhookEventType } from '#shared/domain/webhook-events';
import { db, tableName } from './client';
import { isExpired, toEpochSeconds, TTL_ATTRIBUTE } from './table';

/**
 * Delivery attempts: one item per attempt of one event to one endpoint, kept 30 days, listed
 * per endpoint newest first. An attempt is written `pending` (with the time it is due) before
 * it is made, claimed (`sending`) by exactly one deliverer, and completed as `succeeded` or
 * `failed`; a failure that will be retried writes the next attempt, pending, in the same
 * transaction. The sort key is the event's time and id and the attempt number, so every writer
 * derives the same key from the queue message alone.
 */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000;
export const DELIVERY_ITEM_TYPE = 'webhook_delivery';

export type DeliveryStatus = 'pending' | 'sending' | 'succeeded' | 'failed';

export interface DeliveryRef {
  webhook_id: string;
  event_id: string;
  event_created_at: string;
  attempt: number;
}

export interface DeliveryItem extends DeliveryRef {
  id: string;
  account_id: string;
  event_type: AnyWebhookEventType;
  status: DeliveryStatus;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  attempted_at: string | null;
  /** Pending: when it is due. Failed: when the next attempt is due, null when none will follow. */
  next_attempt_at: string | null;
  /** While `sending`: when the deliverer took it (a claim older than the lease was left by a crash). */
  claimed_at?: string;
}

export const deliveryListKey = (webhookId: string) => ({ pk: `WEBHOOK#${webhookId}#DELIVERIES` });
export const deliveryKey = (ref: DeliveryRef) => ({
  ...deliveryListKey(ref.webhook_id),
  sk: `${ref.event_created_at}#${ref.event_id}#${String(ref.attempt).padStart(2, '0')}`,
});

const fromItem = (item: Record<string, unknown>): DeliveryItem => {
  const { pk: _pk, sk: _sk, type: _type, [TTL_ATTRIBUTE]: _ttl, ...fields } = item;
  return fields as unknown as DeliveryItem;
};

const toStored = (row: DeliveryItem) => ({
  ...deliveryKey(row),
  type: DELIVERY_ITEM_TYPE,
  ...row,
  [TTL_ATTRIBUTE]: toEpochSeconds(new Date(Date.parse(row.next_attempt_at ?? row.event_created_at) + DELIVERY_RETENTION_MS)),
});

/** Writes an event's first attempt to an endpoint; false when it exists already (a repeated dispatch). */
export async function putFirstDelivery(row: DeliveryItem): Promise<boolean> {
  try {
    await db.send(new PutCommand({ TableName: tableName, Item: toStored(row), ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function getDelivery(ref: DeliveryRef): Promise<DeliveryItem | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: deliveryKey(ref), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** pending → sending, or a stale `sending` taken over; the claimed row, or undefined when it is not ours. */
export async function claimDelivery(ref: DeliveryRef, now: Date, staleBefore: Date): Promise<DeliveryItem | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: deliveryKey(ref),
        UpdateExpression: 'SET #status = :sending, claimed_at = :now, attempted_at = :now',
        ConditionExpression: '#status = :pending OR (#status = :sending AND claimed_at < :stale)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':pending': 'pending', ':now': now.toISOString(), ':stale': staleBefore.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(Attributes as Record<string, unknown>);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

export interface AttemptResult {
  status: 'succeeded' | 'failed';
  response_status: number | null;
  error: string | null;
  duration_ms: number;
  next_attempt_at: string | null;
}

/**
 * Records the outcome over this deliverer's claim and, when another attempt follows, writes it
 * pending in the same transaction. False when the claim was lost (taken over after a stall).
 */
export async function completeDelivery(claimed: DeliveryItem, result: AttemptResult, next?: DeliveryItem): Promise<boolean> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: deliveryKey(claimed),
              UpdateExpression: 'SET #status = :status, response_status = :code, #error = :error, duration_ms = :duration, next_attempt_at = :next REMOVE claimed_at',
              ConditionExpression: '#status = :sending AND claimed_at = :mine',
              ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
              ExpressionAttributeValues: {
                ':status': result.status, ':code': result.response_status, ':error': result.error, ':duration': result.duration_ms,
                ':next': result.next_attempt_at, ':sending': 'sending', ':mine': claimed.claimed_at,
              },
            },
          },
          ...(next ? [{ Put: { TableName: tableName, Item: toStored(next), ConditionExpression: 'attribute_not_exists(pk)' } }] : []),
        ],
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

export interface DeliveryPage {
  deliveries: DeliveryItem[];
  nextKey?: Record<string, unknown>;
}

/** An endpoint's attempts, newest event first (its attempts last to first), expired ones left out. */
export async function queryDeliveries(webhookId: string, options: { limit: number; startKey?: Record<string, unknown>; now: Date }): Promise<DeliveryPage> {
  const { Items, LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': deliveryListKey(webhookId).pk },
      ScanIndexForward: false,
      Limit: options.limit,
      ExclusiveStartKey: options.startKey,
    }),
  );
  const live = (Items ?? []).filter((item) => !isExpired(item as { [TTL_ATTRIBUTE]?: number }, options.now));
  return { deliveries: live.map(fromItem), nextKey: LastEvaluatedKey };
}

/** Attempts still to be made (or cut short by a stop), across accounts. Local start-up only. */
export async function scanOpenDeliveries(): Promise<DeliveryItem[]> {
  const found: DeliveryItem[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#type = :type AND #status IN (:pending, :sending)',
        ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
        ExpressionAttributeValues: { ':type': DELIVERY_ITEM_TYPE, ':pending': 'pending', ':sending': 'sending' },
        ExclusiveStartKey: cursor,
        ConsistentRead: true,
      }),
    );
    found.push(...(page.Items ?? []).map(fromItem));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return found;
}
