import { AUDIT_RETENTION_DAYS, type AuditEntry } from '#shared/domain/audit';
import { DomainError } from '#shared/domain/errors';
import { clock } from '#shared/ports/clock';
import { auditPartition, queryAuditEntries } from '#shared/store/audit-log';

/** GET /audit's query (docs/api.md, "Audit trail"). */
export interface AuditQuery {
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
}

const DAY_MS = 86_400_000;
/** The range read when none is given. */
const DEFAULT_DAYS = 7;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const invalid = (field: string, message: string) => new DomainError('INVALID_FIELD', { field }, { message });

function instant(field: 'from' | 'to', value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const at = DATE_TIME.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) throw invalid(field, `${field} must be an ISO 8601 date-time with a zone, e.g. 2026-11-28T09:00:00Z`);
  return at;
}

/**
 * The account's audit entries from `from` (included) to `to` (excluded), newest first
 * (docs/decisions/0218-audit-trail-read-newest-first.md). Defaults: `to` now, `from` 7 days before
 * `to`. `from` more than 90 days back (entries are kept that long), or not before `to`:
 * INVALID_FIELD. The cursor carries the range it was made for, so a page never mixes two ranges.
 */
export async function listAudit(accountId: string, query: AuditQuery): Promise<{ entries: AuditEntry[]; next_cursor: string | null }> {
  const now = clock.now();
  const cursor = query.cursor === undefined ? undefined : decodeAuditCursor(query.cursor, accountId);
  const to = cursor ? new Date(cursor.to) : (instant('to', query.to) ?? now);
  const from = cursor ? new Date(cursor.from) : (instant('from', query.from) ?? new Date(to.getTime() - DEFAULT_DAYS * DAY_MS));
  if (!cursor) {
    if (from.getTime() < now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS) {
      throw invalid(
        'from',
        `from is more than ${AUDIT_RETENTION_DAYS} days ago: the audit trail keeps entries ${AUDIT_RETENTION_DAYS} days`,
      );
    }
    if (from.getTime() >= to.getTime()) throw invalid(query.from === undefined ? 'to' : 'from', 'from must be before to');
  }
  const range = { from: from.toISOString(), to: to.toISOString() };
  const page = await queryAuditEntries(accountId, { ...range, limit: query.limit ?? 50, after: cursor?.after });
  return {
    entries: page.entries,
    next_cursor: page.lastSortKey ? encodeAuditCursor({ ...range, after: page.lastSortKey, pk: auditPartition(accountId) }) : null,
  };
}

interface AuditCursor {
  from: string;
  to: string;
  after: string;
  /** The partition it was made in: another account's cursor is refused, not read. */
  pk: string;
}

const encodeAuditCursor = (cursor: AuditCursor): string => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeAuditCursor(value: string, accountId: string): AuditCursor {
  const refused = () => invalid('cursor', 'Invalid field: cursor (use next_cursor from a previous page)');
  let cursor: Partial<AuditCursor>;
  try {
    cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<AuditCursor>;
  } catch {
    throw refused();
  }
  const fields = ['from', 'to', 'after', 'pk'] as const;
  if (cursor === null || typeof cursor !== 'object' || !fields.every((name) => typeof cursor[name] === 'string')) throw refused();
  if (cursor.pk !== auditPartition(accountId) || Number.isNaN(Date.parse(cursor.from!)) || Number.isNaN(Date.parse(cursor.to!)))
    throw refused();
  return cursor as AuditCursor;
}
