import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Series, SeriesPostRef, SkippedOccurrence } from '#shared/domain/series';
import type { RepeatRule } from '#shared/domain/repeat-rule';
import { accountKey } from './accounts';
import { db, tableName } from './client';
import { entityFields } from './item-fields';
import { GSI1 } from './table';

/**
 * Series (docs/api.md, "Repeating posts (series)"): one item per series in the account's partition
 * (`SERIES#<id>`). While a series is active, its item is also in the sparse index partition
 * `SERIES#ACTIVE`, sorted by `create_from`, so the series tick finds every series whose next
 * occurrence is due without scanning (docs/decisions/0263-series-advance-on-due-and-by-a-tick.md).
 * The cursor (`next_index`) moves only by a write conditional on its old value: of two advances
 * of one series (a redelivered trigger, the tick at once) one wins.
 */
const ACTIVE_PARTITION = 'SERIES#ACTIVE';
export const seriesKey = (accountId: string, seriesId: string) => ({ pk: accountKey(accountId).pk, sk: `SERIES#${seriesId}` });
const activeIndex = (series: Pick<Series, 'id' | 'account_id' | 'create_from'>) =>
  series.create_from ? { gsi1pk: ACTIVE_PARTITION, gsi1sk: `${series.create_from}#${series.account_id}#${series.id}` } : {};

export function seriesItem(series: Series): Record<string, unknown> {
  return { ...seriesKey(series.account_id, series.id), ...activeIndex(series), type: 'series', ...series };
}

/** Transaction item writing a new series (beside its first occurrence). */
export function putNewSeriesItem(series: Series) {
  return { Put: { TableName: tableName, Item: seriesItem(series), ConditionExpression: 'attribute_not_exists(pk)' } };
}

export async function getSeries(accountId: string, seriesId: string): Promise<Series | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: seriesKey(accountId, seriesId), ConsistentRead: true }));
  return Item ? entityFields<Series>(Item) : undefined;
}

/** What one advance of the cursor changes: the occurrence made (or skipped), and where the cursor goes. */
export interface CursorMove {
  fromIndex: number;
  post?: SeriesPostRef;
  skipped?: SkippedOccurrence;
  /** The next occurrence's creation time; undefined: the series has ended. */
  createFrom?: string;
}

/** Moves the cursor from `fromIndex`; false when another advance (or a stop) moved it first. */
export async function moveSeriesCursor(series: Series, move: CursorMove): Promise<boolean> {
  const sets = ['next_index = :next'];
  const values: Record<string, unknown> = { ':next': move.fromIndex + 1, ':from': move.fromIndex, ':active': 'active' };
  if (move.post) {
    sets.push('posts = list_append(posts, :post)');
    values[':post'] = [move.post];
  }
  if (move.skipped) {
    sets.push('skipped = list_append(skipped, :skipped)');
    values[':skipped'] = [move.skipped];
  }
  const removes: string[] = [];
  if (move.createFrom) {
    const index = activeIndex({ ...series, create_from: move.createFrom });
    sets.push('create_from = :createFrom', 'gsi1pk = :gsi1pk', 'gsi1sk = :gsi1sk');
    Object.assign(values, { ':createFrom': move.createFrom, ':gsi1pk': index.gsi1pk, ':gsi1sk': index.gsi1sk });
  } else {
    sets.push('#status = :ended');
    values[':ended'] = 'ended';
    removes.push('create_from', 'gsi1pk', 'gsi1sk');
  }
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: seriesKey(series.account_id, series.id),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'next_index = :from AND #status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** PATCH: a new rule (re-anchored at the next occurrence) and/or variations, if the cursor is still at `atIndex`. */
export async function changeSeries(
  series: Series,
  change: { rule?: RepeatRule; anchor?: string; variations?: string[]; createFrom?: string },
  atIndex: number,
): Promise<boolean> {
  const sets: string[] = [];
  const values: Record<string, unknown> = { ':at': atIndex, ':active': 'active' };
  if (change.rule && change.anchor) {
    sets.push('#rule = :rule', 'anchor = :anchor', 'anchor_index = :at');
    Object.assign(values, { ':rule': change.rule, ':anchor': change.anchor });
  }
  if (change.variations) {
    sets.push('variations = :variations');
    values[':variations'] = change.variations;
  }
  if (!sets.length) return true;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: seriesKey(series.account_id, series.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'next_index = :at AND #status = :active',
        ExpressionAttributeNames: { '#status': 'status', ...(change.rule ? { '#rule': 'rule' } : {}) },
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** DELETE: stops the series (no more occurrences); already stopped is fine. */
export async function stopSeries(accountId: string, seriesId: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: seriesKey(accountId, seriesId),
      UpdateExpression: 'SET #status = :stopped REMOVE create_from, gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':stopped': 'stopped' },
    }),
  );
}

/** Active series whose next occurrence may be created at `now` (the index is eventually consistent: the cursor decides). */
export async function dueSeries(now: Date, limit = 100): Promise<{ accountId: string; seriesId: string }[]> {
  const found: { accountId: string; seriesId: string }[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
        ExpressionAttributeValues: { ':pk': ACTIVE_PARTITION, ':now': `${now.toISOString()}#~` },
        ProjectionExpression: 'account_id, id',
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) found.push({ accountId: item.account_id as string, seriesId: item.id as string });
    cursor = found.length < limit ? page.LastEvaluatedKey : undefined;
  } while (cursor);
  return found;
}
