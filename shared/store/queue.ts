import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditPut } from './audit-log';
import type { QueueSchedule } from '#shared/domain/queue-schedule';
import { accountKey } from './accounts';
import { db, tableName } from './client';
import { GSI1 } from './table';
import { queryAll } from './scan-all';

/**
 * The posting queue (docs/api.md, "Posting queue"), in the account's partition:
 * - the schedule: one item (`QUEUE`) with the zone and the weekly slots;
 * - queue slots: one item per slot instant a queued post holds (`QSLOT#<epoch ms>`), written by
 *   a conditional put in the post's own creation transaction, so two posts never hold one slot;
 *   deleted in the transaction that deletes, moves or fails the post.
 */
const SCHEDULE_SK = 'QUEUE';
const RECYCLE_PARTITION = 'RECYCLE';
const MS_DIGITS = 15;
const slotSk = (slotMs: number) => `QSLOT#${String(slotMs).padStart(MS_DIGITS, '0')}`;
export const queueSlotKey = (accountId: string, slotMs: number) => ({ pk: accountKey(accountId).pk, sk: slotSk(slotMs) });

export async function getQueueSchedule(accountId: string): Promise<QueueSchedule | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: { pk: accountKey(accountId).pk, sk: SCHEDULE_SK }, ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const recycle = Item.recycle as QueueSchedule['recycle'];
  return { timezone: Item.timezone as string, slots: Item.slots as QueueSchedule['slots'], ...(recycle ? { recycle } : {}) };
}

/**
 * Replaces the schedule, with its audit entry in the same transaction; slots already held by posts
 * stay where they are. With recycling on, the item is also in the sparse index partition `RECYCLE`,
 * where the series tick finds the accounts to recycle for
 * (docs/decisions/0266-recycling-checked-by-the-series-tick.md).
 */
export async function putQueueSchedule(accountId: string, schedule: QueueSchedule, updatedAt: Date, audit?: AuditPut): Promise<void> {
  const put = {
    TableName: tableName,
    Item: {
      pk: accountKey(accountId).pk,
      sk: SCHEDULE_SK,
      type: 'queue_schedule',
      timezone: schedule.timezone,
      slots: schedule.slots,
      ...(schedule.recycle ? { recycle: schedule.recycle } : {}),
      ...(schedule.recycle?.when_empty ? { gsi1pk: RECYCLE_PARTITION, gsi1sk: accountId } : {}),
      updated_at: updatedAt.toISOString(),
    },
  };
  if (audit) await db.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, audit] }));
  else await db.send(new PutCommand(put));
}

/** Transaction item claiming a free slot for the post (cancelled with the holder when taken). */
export function claimQueueSlotItem(accountId: string, slotMs: number, postId: string) {
  return {
    Put: {
      TableName: tableName,
      Item: { ...queueSlotKey(accountId, slotMs), type: 'queue_slot', post_id: postId, slot_ms: slotMs },
      ConditionExpression: 'attribute_not_exists(pk)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/** Transaction item freeing the slot if it is still the post's (already free is fine). */
export function releaseQueueSlotItem(accountId: string, slotMs: number, postId: string) {
  return {
    Delete: {
      TableName: tableName,
      Key: queueSlotKey(accountId, slotMs),
      ConditionExpression: 'attribute_not_exists(pk) OR post_id = :postId',
      ExpressionAttributeValues: { ':postId': postId },
    },
  };
}

/** The slot instants (epoch ms) held in [fromMs, untilMs), read consistently. */
export async function heldQueueSlots(accountId: string, fromMs: number, untilMs: number): Promise<Set<number>> {
  const held = new Set<number>();
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': accountKey(accountId).pk,
          ':from': slotSk(fromMs),
          ':to': slotSk(Math.max(fromMs, untilMs - 1)),
        },
        ProjectionExpression: 'slot_ms',
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) held.add(item.slot_ms as number);
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return held;
}

/**
 * Counts one more request that found the slot held, and answers how many did (1 for the first):
 * racers that lost one slot take the 1st, 2nd, ... free slot after it instead of all trying the
 * same next one. 0 when the slot is free again (its post deleted meanwhile).
 */
export async function countQueueSlotLoser(accountId: string, slotMs: number): Promise<number> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: queueSlotKey(accountId, slotMs),
        UpdateExpression: 'ADD losers :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.losers ?? 1);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return 0;
    throw error;
  }
}

/**
 * The held slot instants from `fromMs` on, in time order, read a page at a time as the caller
 * walks them (a queue full for weeks ahead is one or two pages, not one query per week).
 */
export function heldQueueSlotReader(accountId: string, fromMs: number): { next(): Promise<number | undefined> } {
  let buffer: number[] = [];
  let cursor: Record<string, unknown> | undefined;
  let done = false;
  return {
    async next() {
      while (!buffer.length && !done) {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: { ':pk': accountKey(accountId).pk, ':from': slotSk(fromMs), ':to': 'QSLOT#~' },
            ProjectionExpression: 'slot_ms',
            ConsistentRead: true,
            Limit: 200,
            ExclusiveStartKey: cursor,
          }),
        );
        buffer = (page.Items ?? []).map((item) => item.slot_ms as number);
        cursor = page.LastEvaluatedKey;
        done = !cursor;
      }
      return buffer.shift();
    },
  };
}

/** The accounts whose queue recycles evergreen posts (the index is eventually consistent: the setting is read again). */
export async function recyclingAccounts(): Promise<string[]> {
  const items = await queryAll({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': RECYCLE_PARTITION },
    ProjectionExpression: 'gsi1sk',
  });
  return items.map((item) => item.gsi1sk as string);
}
