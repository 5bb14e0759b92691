/**
 * The audit trail's vocabulary (docs/api.md, "Audit trail"): who did what to which thing, and the
 * post's version after the change where there is one. Entries are written in the same transaction
 * as the change they record whenever the change is a transaction, so a change without its entry
 * (or an entry without its change) cannot be left behind.
 */
export type AuditActorType = 'api_key' | 'oauth_client' | 'dashboard';

export interface AuditActor {
  type: AuditActorType;
  /** The key id, the OAuth connection id, or the account id for the dashboard owner. */
  id: string;
  /** The key's or client's name as it was then; null for the dashboard owner. */
  name: string | null;
}

export const AUDIT_ACTIONS = [
  'post.created',
  'post.edited',
  'post.approved',
  'post.deleted',
  'post.retried',
  'key.created',
  'key.deleted',
  'webhook.created',
  'webhook.deleted',
  'webhook.secret_rotated',
  'profile.connected',
  'profile.removed',
  'queue.changed',
  'connection.authorized',
  'connection.revoked',
  'inbox.replied',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditTarget {
  type: 'post' | 'key' | 'webhook' | 'profile' | 'queue' | 'connection' | 'inbox_item' | 'series';
  id: string;
}

/** What a use case says happened; the store adds the id and the time. */
export interface AuditEvent {
  actor: AuditActor;
  action: AuditAction;
  target: AuditTarget;
  version?: number | null;
  details?: Record<string, unknown> | null;
}

export interface AuditEntry extends Required<AuditEvent> {
  id: string;
  at: string;
}

/** Entries are kept 90 days (a TTL), and GET /audit reads at most that far back. */
export const AUDIT_RETENTION_DAYS = 90;
