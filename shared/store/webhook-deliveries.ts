import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AnyWebhookEventType } from '#shared/domain/webhook-events';
import { db, tableName } from './client';
import { scanAll } from './scan-all';
import { isExpired, toEpochSeconds, TTL_ATTRIBUTE } from './table';
import type { DeliveryRef } from '#shared/domain/webhook';
import { isCancelledTransaction, isConditionFailure } from './transaction-errors';
import { entityFields } from './item-fields';

/**
 * Delivery attempts: one item per attempt of one event to one endpoint, kept 30 days, listed
 * per endpoint newest first. An attempt is written `pending` (with the time it is due) before
 * it is made, and completed once as `succeeded` or `failed` (a conditional write: a duplicate
 * run of the same attempt records nothing); a failure that will be retried writes the next
 * attempt, pending, in the same transaction. The sort key is the event's time and id and the
 * attempt number, so every writer derives the same key from the queue message alone.
 */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000;
export const DELIVERY_ITEM_TYPE = 'webhook_delivery';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

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
}

export const deliveryListKey = (webhookId: string) => ({ pk: `WEBHOOK#${webhookId}#DELIVERIES` });
export const deliveryKey = (ref: DeliveryRef) => ({
  ...deliveryListKey(ref.webhook_id),
  sk: `${ref.event_created_at}#${ref.event_id}#${String(ref.attempt).padStart(2, '0')}`,
});

const fromItem = (item: Record<string, unknown>): DeliveryItem => entityFields<DeliveryItem>(item);

const toStored = (row: DeliveryItem) => ({
  ...deliveryKey(row),
  type: DELIVERY_ITEM_TYPE,
  ...row,
  [TTL_ATTRIBUTE]: toEpochSeconds(new Date(Date.parse(row.next_attempt_at ?? row.event_created_at) + DELIVERY_RETENTION_MS)),
});

/** Transaction item writing an event's first attempt to an endpoint, unless it exists (a repeated dispatch). */
export function putFirstDeliveryItem(row: DeliveryItem) {
  return { Put: { TableName: tableName, Item: toStored(row), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** Writes an event's first attempt to an endpoint; false when it exists already (a repeated dispatch). */
export async function putFirstDelivery(row: DeliveryItem): Promise<boolean> {
  try {
    await db.send(new PutCommand({ TableName: tableName, Item: toStored(row), ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getDelivery(ref: DeliveryRef): Promise<DeliveryItem | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: deliveryKey(ref), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

export interface AttemptResult {
  status: 'succeeded' | 'failed';
  attempted_at: string;
  response_status: number | null;
  error: string | null;
  duration_ms: number;
  next_attempt_at: string | null;
}

/**
 * Records an attempt's outcome while it is still pending and, when another attempt follows,
 * writes that one pending in the same transaction. False when it was recorded already (a
 * duplicate run of the attempt, whose send the receiver deduplicates on webhook-id).
 */
export async function completeDelivery(ref: DeliveryRef, result: AttemptResult, next?: DeliveryItem): Promise<boolean> {
  const update = {
    TableName: tableName,
    Key: deliveryKey(ref),
    UpdateExpression:
      'SET #status = :status, attempted_at = :at, response_status = :code, #error = :error, duration_ms = :duration, next_attempt_at = :next',
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
    ExpressionAttributeValues: {
      ':status': result.status,
      ':at': result.attempted_at,
      ':code': result.response_status,
      ':error': result.error,
      ':duration': result.duration_ms,
      ':next': result.next_attempt_at,
      ':pending': 'pending',
    },
  };
  try {
    // Most attempts succeed: a plain conditional update; a transaction only when a retry is written too.
    if (!next) await db.send(new UpdateCommand(update));
    else {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: update },
            { Put: { TableName: tableName, Item: toStored(next), ConditionExpression: 'attribute_not_exists(pk)' } },
          ],
        }),
      );
    }
    return true;
  } catch (error) {
    if (isCancelledTransaction(error) || isConditionFailure(error)) return false;
    throw error;
  }
}

export interface DeliveryPage {
  deliveries: DeliveryItem[];
  nextKey?: Record<string, unknown>;
}

/** An endpoint's attempts, newest event first (its attempts last to first), expired ones left out. */
export async function queryDeliveries(
  webhookId: string,
  options: { limit: number; startKey?: Record<string, unknown>; now: Date },
): Promise<DeliveryPage> {
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

/** Attempts still to be made (or cut short by a stop), across accounts. Local only, never a request path. */
export async function scanOpenDeliveries(): Promise<DeliveryItem[]> {
  const items = await scanAll({
    FilterExpression: '#type = :type AND #status = :pending',
    ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
    ExpressionAttributeValues: { ':type': DELIVERY_ITEM_TYPE, ':pending': 'pending' },
    ConsistentRead: true,
  });
  return items.map(fromItem);
}
