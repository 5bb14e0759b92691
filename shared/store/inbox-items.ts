import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AuditEvent } from '#shared/domain/audit';
import type { InboxItem, InboxReply, InboxStatus } from '#shared/domain/inbox';
import type { Platform } from '#shared/domain/platforms';
import type { WebhookEvent } from '#shared/domain/webhook';
import { auditPutItem } from './audit-log';
import { db, tableName } from './client';
import { entityFields } from './item-fields';
import { GSI1 } from './table';
import { cancellationReasons, isCancelledTransaction, isConditionFailure, failedCondition, oldItemOf } from './transaction-errors';
import { putWebhookEventItem } from './webhook-events';

/**
 * Inbox items (docs/api.md, "Inbox"): one item per thing that came back, keyed by its derived id
 * (shared/domain/inbox.ts: the same notification or comment always names the same item), listed
 * per account newest first through GSI1 (`ACCOUNT#id#INBOX`, `created_at#id`). A reply being
 * published leaves a marker under the account (`INBOXREPLY#id`) until its outcome is recorded, so
 * a collection round finds replies a stopped run left behind with one Query.
 */
export const inboxItemKey = (itemId: string) => ({ pk: `INBOX#${itemId}`, sk: 'INBOX' });
export const inboxListKey = (accountId: string, createdAt: string, itemId: string) => ({
  gsi1pk: `ACCOUNT#${accountId}#INBOX`,
  gsi1sk: `${createdAt}#${itemId}`,
});
const replyMarkerKey = (accountId: string, itemId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `INBOXREPLY#${itemId}` });

/** The stored reply: the public reply plus the claim of the run publishing it. */
export interface StoredInboxReply extends InboxReply {
  claim_id?: string;
  claimed_at?: string;
  dispatched_at?: string;
}

// The item's own `type` (reply, mention, ...) is stored as `item_type`: `type` is the table's entity type.
function inboxItem(item: InboxItem): Record<string, unknown> {
  const { type: itemType, ...rest } = item;
  return {
    ...inboxItemKey(item.id),
    ...inboxListKey(item.account_id, item.created_at, item.id),
    type: 'inbox_item',
    item_type: itemType,
    ...rest,
  };
}
function toInboxItem(raw: Record<string, unknown>): InboxItem {
  const { item_type: itemType, ...rest } = entityFields<Record<string, unknown>>(raw);
  return { ...rest, type: itemType } as InboxItem;
}

/** Stores a newly collected item (and its inbox.received event) unless it is there already: true when it was new. */
export async function putNewInboxItem(item: InboxItem, event?: WebhookEvent): Promise<boolean> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName, Item: inboxItem(item), ConditionExpression: 'attribute_not_exists(pk)' } },
          ...(event ? [putWebhookEventItem(event)] : []),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isCancelledTransaction(error) && failedCondition(error, 0)) return false;
    throw error;
  }
}

export async function getInboxItem(itemId: string): Promise<(InboxItem & { reply: StoredInboxReply | null }) | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: inboxItemKey(itemId), ConsistentRead: true }));
  return Item ? toInboxItem(Item) : undefined;
}

export interface InboxFilter {
  status?: InboxStatus;
  platform?: Platform;
  post_id?: string;
}

/** The account's items, newest first, filtered; pages read until `limit` match (one extra says whether more exist). */
export async function queryInboxItems(
  accountId: string,
  options: InboxFilter & { limit: number; startKey?: Record<string, unknown> },
): Promise<{ items: InboxItem[]; nextKey?: Record<string, unknown> }> {
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': inboxListKey(accountId, '', '').gsi1pk };
  for (const field of ['status', 'platform', 'post_id'] as const) {
    if (options[field] === undefined) continue;
    filters.push(`#${field} = :${field}`);
    names[`#${field}`] = field;
    values[`:${field}`] = options[field];
  }
  const found: Record<string, unknown>[] = [];
  let startKey = options.startKey;
  do {
    const input: QueryCommandInput = {
      TableName: tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: values,
      ...(filters.length ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: names } : {}),
      ScanIndexForward: false,
      Limit: options.limit + 1,
      ExclusiveStartKey: startKey,
    };
    const page = await db.send(new QueryCommand(input));
    found.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && found.length <= options.limit);
  const items = found.slice(0, options.limit);
  const last = items[items.length - 1];
  const more = found.length > options.limit || startKey !== undefined;
  return {
    items: items.map(toInboxItem),
    nextKey: more && last ? { pk: last.pk, sk: last.sk, gsi1pk: last.gsi1pk, gsi1sk: last.gsi1sk } : undefined,
  };
}

/** Outcome of a versioned change: the item after it, or why it was refused. */
export type VersionedChange =
  { changed: InboxItem } | { refused: 'gone' } | { refused: 'version'; current: number } | { refused: 'state'; item: InboxItem };

function refusalOf(error: unknown, expectedVersion: number | undefined): VersionedChange {
  const old = oldItemOf(error) ?? cancellationReasons(error)?.[0]?.item;
  if (!old) return { refused: 'gone' };
  const item = toInboxItem(old);
  if (expectedVersion !== undefined && item.version !== expectedVersion) return { refused: 'version', current: item.version };
  return { refused: 'state', item };
}

/** PATCH /inbox/{id}: sets the status (not over `answered` by a reply still to settle), +1 version. */
export async function setInboxStatus(itemId: string, status: InboxStatus): Promise<VersionedChange> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: inboxItemKey(itemId),
        UpdateExpression: 'SET #status = :status ADD version :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':one': 1 },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { changed: toInboxItem(Attributes as Record<string, unknown>) };
  } catch (error) {
    if (isConditionFailure(error)) return refusalOf(error, undefined);
    throw error;
  }
}

/**
 * Puts a reply on the item: a draft (`claimId` absent), or a reply claimed for publishing by one run.
 * Allowed when the item has no reply, or a draft or failed one (`replaceable`), and, when given, at
 * the expected version. A claim leaves the account's marker and, when given, its audit entry in the
 * same transaction.
 */
export async function putInboxReply(
  item: Pick<InboxItem, 'id' | 'account_id'>,
  reply: StoredInboxReply,
  options: { expectedVersion?: number; onlyOver?: 'draft'; audit?: AuditEvent },
): Promise<VersionedChange> {
  const conditions = ['attribute_exists(pk)'];
  const values: Record<string, unknown> = { ':reply': reply, ':one': 1 };
  if (options.onlyOver === 'draft') {
    conditions.push('reply.#rs = :draft');
    values[':draft'] = 'draft';
  } else {
    conditions.push('(attribute_not_exists(reply) OR reply = :null OR reply.#rs IN (:draft, :failed))');
    Object.assign(values, { ':null': null, ':draft': 'draft', ':failed': 'failed' });
  }
  if (options.expectedVersion !== undefined) {
    conditions.push('version = :expected');
    values[':expected'] = options.expectedVersion;
  }
  const claimed = reply.status === 'publishing';
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: inboxItemKey(item.id),
              UpdateExpression: 'SET reply = :reply ADD version :one',
              ConditionExpression: conditions.join(' AND '),
              ExpressionAttributeNames: { '#rs': 'status' },
              ExpressionAttributeValues: values,
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
          ...(claimed
            ? [
                {
                  Put: {
                    TableName: tableName,
                    Item: { ...replyMarkerKey(item.account_id, item.id), type: 'inbox_reply_marker', item_id: item.id },
                  },
                },
              ]
            : []),
          ...(options.audit ? [auditPutItem(item.account_id, options.audit)] : []),
        ],
      }),
    );
  } catch (error) {
    if (isCancelledTransaction(error) && failedCondition(error, 0)) return refusalOf(error, options.expectedVersion);
    throw error;
  }
  const changed = await getInboxItem(item.id);
  return changed ? { changed } : { refused: 'gone' };
}

/** Takes over a reply left `publishing` by a run that stopped (its claim older than `staleBefore`): true when taken. */
export async function reclaimInboxReply(
  itemId: string,
  claimId: string,
  now: Date,
  staleBefore: Date,
): Promise<StoredInboxReply | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: inboxItemKey(itemId),
        UpdateExpression: 'SET reply.claim_id = :claim, reply.claimed_at = :now',
        ConditionExpression: 'reply.#rs = :publishing AND reply.claimed_at < :stale',
        ExpressionAttributeNames: { '#rs': 'status' },
        ExpressionAttributeValues: {
          ':claim': claimId,
          ':now': now.toISOString(),
          ':publishing': 'publishing',
          ':stale': staleBefore.toISOString(),
        },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return (Attributes as { reply?: StoredInboxReply } | undefined)?.reply ?? ({} as StoredInboxReply);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Marks, under this run's claim, that the platform call is about to begin (a run taking over must look before repeating it). */
export async function markInboxReplyDispatching(itemId: string, claimId: string, now: Date): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: inboxItemKey(itemId),
      UpdateExpression: 'SET reply.dispatched_at = :now',
      ConditionExpression: 'reply.claim_id = :claim AND reply.#rs = :publishing',
      ExpressionAttributeNames: { '#rs': 'status' },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':claim': claimId, ':publishing': 'publishing' },
    }),
  );
}

/**
 * Records the reply's outcome over this run's claim, with its webhook event, and removes the
 * account's marker: one transaction. A published reply makes the item `answered`. Undefined when
 * the claim is no longer this run's (another run recorded it).
 */
export async function recordInboxReply(
  item: InboxItem,
  outcome: InboxReply,
  claimId: string,
  event?: WebhookEvent,
): Promise<InboxItem | undefined> {
  const answered = outcome.status === 'published';
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: inboxItemKey(item.id),
              UpdateExpression: `SET reply = :reply${answered ? ', #status = :answered' : ''} ADD version :one`,
              ConditionExpression: 'reply.claim_id = :claim AND reply.#rs = :publishing',
              ExpressionAttributeNames: { '#rs': 'status', ...(answered ? { '#status': 'status' } : {}) },
              ExpressionAttributeValues: {
                ':reply': outcome,
                ':claim': claimId,
                ':publishing': 'publishing',
                ':one': 1,
                ...(answered ? { ':answered': 'answered' } : {}),
              },
            },
          },
          { Delete: { TableName: tableName, Key: replyMarkerKey(item.account_id, item.id) } },
          ...(event ? [putWebhookEventItem(event)] : []),
        ],
      }),
    );
  } catch (error) {
    if (isCancelledTransaction(error) && failedCondition(error, 0)) return undefined;
    throw error;
  }
  return getInboxItem(item.id);
}

/** The items of the account whose reply is being published (or was left so by a stopped run). */
export async function queryOutstandingReplies(accountId: string): Promise<string[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `ACCOUNT#${accountId}`, ':prefix': 'INBOXREPLY#' },
    }),
  );
  return (Items ?? []).map((marker) => String(marker.item_id));
}
