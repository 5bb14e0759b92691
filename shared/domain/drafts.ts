import type { AuditActor } from './audit';
import { DomainError } from './errors';
import { scopeAllows, type KeyScope } from './key-scopes';
import { spacingBucket } from './linkedin-spacing';
import { publicVersionOf, type Post } from './post';
import { pendingResult } from './post-view';

/** Who is asking, for the post use cases: the key's scope, and the key (none: the dashboard session). */
export interface Caller {
  scope: KeyScope;
  apiKeyId?: string;
  /** The key's name when authentication already read it. */
  apiKeyName?: string;
  /** An OAuth connection's token is calling (docs/api.md, "Connecting an agent with OAuth"). */
  connection?: { connectionId: string; clientName: string };
  /** Who the audit trail names for what this caller changes (docs/api.md, "Audit trail"). */
  actor: AuditActor;
}

/**
 * The draft-or-write rule of docs/api.md, "Key scopes": a `draft` key may create, edit and delete
 * drafts only; anything else on a post (a real post, scheduling, another status) needs `write`.
 */
export function requireWriteUnlessDraft(scope: KeyScope, isDraft: boolean): void {
  if (isDraft || scopeAllows(scope, 'write')) return;
  throw new DomainError(
    'INSUFFICIENT_SCOPE',
    { required_scope: 'write' },
    {
      message:
        "This API key's scope allows drafts only: creating, scheduling, editing or deleting a post that is not a draft needs a key with scope write or above",
    },
  );
}

/** POST /posts/{id}/schedule's body: absent `scheduled_for` keeps the draft's wished time, null publishes now. */
export interface ScheduleRequest {
  scheduled_for?: string | null;
  /** true: at the posting queue's first free slot (docs/api.md, "Posting queue"). */
  queue?: boolean;
}

/** INVALID_POST_STATE for POST /posts/{id}/schedule on a post that is not (or no longer) a draft. */
export const notADraft = (status: string): DomainError =>
  new DomainError(
    'INVALID_POST_STATE',
    { status },
    {
      message: `Only drafts can be scheduled; this post is ${status}${status === 'scheduled' ? ' (edit it with PATCH /posts/{id} instead)' : ''}`,
    },
  );

/**
 * The draft as the post it becomes when scheduled at `scheduledFor` (null: now), one version up:
 * the same fields as a post created then, so counting, spacing and the hand-over treat it alike.
 */
export function scheduledDraft(draft: Post, scheduledFor: Date | null, now: Date): Post {
  const postTime = scheduledFor ?? now;
  return {
    ...draft,
    status: scheduledFor ? 'scheduled' : 'publishing',
    scheduled_for: scheduledFor?.toISOString() ?? null,
    post_time: postTime.toISOString(),
    results: Object.fromEntries(draft.platforms.map((platform) => [platform, pendingResult()])),
    spacing_bucket: draft.platforms.includes('linkedin') ? spacingBucket(postTime) : undefined,
    version: (draft.version ?? 0) + 1,
    revision: publicVersionOf(draft) + 1,
  };
}
