import { notADraft, scheduledDraft, type ScheduleRequest } from '#shared/domain/drafts';
import { DomainError } from '#shared/domain/errors';
import type { AuditActor } from '#shared/domain/audit';
import { publicVersionOf } from '#shared/domain/post';
import { checkExpectedVersion, type ExpectedVersion } from '#shared/domain/version-check';
import type { PostView } from '#shared/domain/post-view';
import { parseScheduledFor } from '#shared/domain/scheduled-time';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { replacePostItem, restorePostItem } from '#shared/store/post-changes';
import { getPostItem } from '#shared/store/posts';
import { countAndHandOver, type IdempotencyClaim } from '../create-post';
import { inQueueSlot, type QueuedTime } from '../queue/queue-slots';
import { retryOnConflict, StaleRead } from '../store-retries';
import { beginSeries } from '../series/start-series';

const MAX_ATTEMPTS = 4;

/** Who approves, and the draft's version they approve (none pinned: whatever it holds, as before versions). */
export interface Approval {
  actor: AuditActor;
  expected?: ExpectedVersion;
}

/**
 * POST /posts/{id}/schedule (docs/api.md, "Drafts"): turns a draft into a post as if it were
 * created now. In this order: INVALID_SCHEDULED_TIME of a time sent → POST_NOT_FOUND →
 * VERSION_MISMATCH (a version pinned that the draft is no longer at) → INVALID_POST_STATE (not a draft) → INVALID_SCHEDULED_TIME of the draft's wished time → then
 * POST /posts' own checks and write (connections, monthly limit, LinkedIn spacing, counted then),
 * the draft replaced on condition it still is that draft: of two concurrent calls one wins and
 * the other reads INVALID_POST_STATE. The route needs a write key.
 */
export async function scheduleDraft(
  accountId: string,
  postId: string,
  request: ScheduleRequest,
  idempotency: IdempotencyClaim | undefined,
  approval: Approval,
): Promise<{ post: PostView }> {
  if (typeof request.scheduled_for === 'string') parseScheduledFor(request.scheduled_for, clock.now());
  const schedule = (queued?: QueuedTime) =>
    retryOnConflict(MAX_ATTEMPTS, 'the draft kept changing under its scheduling', () =>
      attemptScheduling(accountId, postId, request, idempotency, approval, queued),
    );
  if (!request.queue) return schedule();
  // Approve to the queue: the draft's own checks first, then the first free slot for its platforms.
  const draft = await getPostItem(postId);
  if (!draft || draft.account_id !== accountId) throw new DomainError('POST_NOT_FOUND');
  checkExpectedVersion(approval.expected, publicVersionOf(draft));
  if (draft.status !== 'draft') throw notADraft(draft.status);
  return inQueueSlot(accountId, { platforms: draft.platforms, scheduled_for: request.scheduled_for }, schedule);
}

async function attemptScheduling(
  accountId: string,
  postId: string,
  request: ScheduleRequest,
  idempotency: IdempotencyClaim | undefined,
  approval: Approval,
  queued?: QueuedTime,
): Promise<{ post: PostView }> {
  logger.appendKeys({ post_id: postId });
  const now = clock.now();
  const draft = await getPostItem(postId);
  if (!draft || draft.account_id !== accountId) throw new DomainError('POST_NOT_FOUND');
  // The version the approver saw (docs/api.md, "Versions and If-Match"), on the read the write is conditional on.
  checkExpectedVersion(approval.expected, publicVersionOf(draft));
  if (draft.status !== 'draft') throw notADraft(draft.status);
  const wished = request.scheduled_for === undefined ? draft.scheduled_for : request.scheduled_for;
  const scheduled = queued
    ? { ...scheduledDraft(draft, queued.time, now), queue_slot_ms: queued.time.getTime() }
    : scheduledDraft(draft, parseScheduledFor(wished, now), now);
  // A draft with a repeat rule begins its series now, as its first occurrence (docs/api.md, "Repeating posts (series)").
  const series = draft.repeat ? await beginSeries(scheduled, draft.repeat, now) : undefined;
  const post = series?.post ?? scheduled;
  const { post: view } = await countAndHandOver(post, now, {
    write: replacePostItem(post, draft),
    refused: (current) => {
      if (!current) return new DomainError('POST_NOT_FOUND');
      // Still a draft, but edited since it was read: plan again from what is there now.
      return current.status === 'draft' ? new StaleRead() : notADraft(String(current.status));
    },
    undo: restorePostItem(draft, post),
    attachMedia: [],
    audit: {
      actor: approval.actor,
      action: 'post.approved',
      target: { type: 'post', id: post.id },
      version: publicVersionOf(post),
      details: { status: post.status, scheduled_for: post.scheduled_for, approved_version: publicVersionOf(draft) },
    },
    alongside: series ? [series.write] : undefined,
    idempotency,
    queueClaim: queued?.claimItem(post.id),
    answer: (created) => ({ statusCode: 200, body: { post: created.post } }),
  });
  logger.info('draft scheduled', { status: post.status, post_time: post.post_time });
  return { post: view };
}
