import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { AUDIT_RETENTION_DAYS, type AuditEntry, type AuditEvent } from '#shared/domain/audit';
import { clock } from '#shared/ports/clock';
import { db, tableName } from './client';
import { TTL_ATTRIBUTE, toEpochSeconds } from './table';

/**
 * The audit trail (docs/api.md, "Audit trail"): one item per entry under the account, sorted by
 * time (`ACCOUNT#id#AUDIT`, `at#entryId`), so a time range is one Query; each expires after 90 days.
 */
export const auditPartition = (accountId: string): string => `ACCOUNT#${accountId}#AUDIT`;

export function auditEntry(event: AuditEvent, at: Date = clock.now()): AuditEntry {
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

/** Records an event on its own, for changes that are not one transaction (say why at the call site). */
export async function recordAudit(accountId: string, event: AuditEvent, at?: Date): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: auditItem(accountId, auditEntry(event, at)) }));
}
