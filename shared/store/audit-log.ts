import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { AUDIT_RETENTION_DAYS, type AuditEntry, type AuditEvent } from '#shared/domain/audit';
import { db, tableName } from './client';
import { TTL_ATTRIBUTE, toEpochSeconds } from './table';

/**
 * The audit trail (docs/api.md, "Audit trail"): one item per entry under the account, sorted by
 * time (`ACCOUNT#id#AUDIT`, `at#entryId`), so a time range is one Query; each expires after 90 days.
 */
export const auditPartition = (accountId: string): string => `ACCOUNT#${accountId}#AUDIT`;

/**
 * The entry of an event at `at`. Use cases pass the clock port's time (`clock.now()`); the store may not
 * reach the ports (docs/decisions/0028-the-house-layers-composition-roots-rules-in-ci.md), so without one it takes the
 * system time.
 */
export function auditEntry(event: AuditEvent, at: Date = new Date()): AuditEntry {
  return {
    id: randomUUID(),
    at: at.toISOString(),
    actor: event.actor,
    action: event.action,
    target: event.target,
    version: event.version ?? null,
    details: event.details ?? null,
  };
}

export function auditItem(accountId: string, entry: AuditEntry): Record<string, unknown> {
  const expires = new Date(Date.parse(entry.at) + AUDIT_RETENTION_DAYS * 86_400_000);
  return {
    pk: auditPartition(accountId),
    sk: `${entry.at}#${entry.id}`,
    type: 'audit',
    ...entry,
    [TTL_ATTRIBUTE]: toEpochSeconds(expires),
  };
}

/** Transaction item recording an event beside the change it describes (preferred: both land or neither). */
export function auditPutItem(accountId: string, event: AuditEvent, at?: Date) {
  return { Put: { TableName: tableName, Item: auditItem(accountId, auditEntry(event, at)) } };
}

/** A transaction item from auditPutItem: what the stores' writes take to record their change in the same transaction. */
export type AuditPut = ReturnType<typeof auditPutItem>;

/** The key of the entry a transaction item from auditPutItem writes: a rollback of its change deletes it again. */
export const auditItemKey = (put: AuditPut): { pk: string; sk: string } => ({
  pk: put.Put.Item.pk as string,
  sk: put.Put.Item.sk as string,
});

/** Transaction item taking back an entry whose change was undone (a failed hand-over), so the trail never names a change that did not stay. */
export function removeAuditItem(key: { pk: string; sk: string }) {
  return { Delete: { TableName: tableName, Key: key } };
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The sort key of the last entry returned, to continue after it; undefined at the end. */
  lastSortKey?: string;
}

/**
 * The account's entries with `from <= at < to`, newest first, `limit` at most, continuing after the
 * entry whose sort key is `after` (from a previous page). One Query on the account's audit partition:
 * sort keys are `at#id` with fixed-width times, so `at < to` is exactly `sk < to`'s `BETWEEN` bound.
 */
export async function queryAuditEntries(
  accountId: string,
  range: { from: string; to: string; limit: number; after?: string },
): Promise<AuditPage> {
  const pk = auditPartition(accountId);
  // One more than asked tells whether a next page exists, so the last page has no cursor.
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': pk, ':from': range.from, ':to': range.to },
      ScanIndexForward: false,
      Limit: range.limit + 1,
      ExclusiveStartKey: range.after === undefined ? undefined : { pk, sk: range.after },
      ConsistentRead: true,
    }),
  );
  const page = Items.slice(0, range.limit);
  return {
    entries: page.map(toAuditEntry),
    lastSortKey: Items.length > range.limit ? (page[page.length - 1]?.sk as string) : undefined,
  };
}

const toAuditEntry = (item: Record<string, unknown>): AuditEntry => ({
  id: item.id as string,
  at: item.at as string,
  actor: item.actor as AuditEntry['actor'],
  action: item.action as AuditEntry['action'],
  target: item.target as AuditEntry['target'],
  version: (item.version as number | null | undefined) ?? null,
  details: (item.details as Record<string, unknown> | null | undefined) ?? null,
});
