import { nextAvailable, spacingBucket } from '#shared/domain/linkedin-spacing';
import type { PlannedChange } from '#shared/domain/post-change';
import { toPostView, type PostView } from '#shared/domain/post-view';
import { DomainError } from '#shared/domain/errors';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { completeIdempotencyRecordItem } from '#shared/store/idempotency-records';
import { attachMediaItem, detachMedia } from '#shared/store/media';
import { replacePostItem } from '#shared/store/post-changes';
import type { AuditEvent } from '#shared/domain/audit';
import { auditItemKey, auditPutItem } from '#shared/store/audit-log';
import { versionOf, type Post } from '#shared/domain/post';
import type { PostStatus } from '#shared/domain/post-status';
import { getPostItem, writeTransaction } from '#shared/store/posts';
import { moveSpacingSlotItems, spacingTimesFrom } from '#shared/store/spacing-slots';
import { releaseQueueSlotItem } from '#shared/store/queue';
import { cancellationReasons, isTransactionConflict } from '#shared/store/transaction-errors';
import type { IdempotencyClaim } from '../create-post';
import { UNATTACHED_LIFETIME_MS } from '../post-media';
import { retryOnConflict, StaleRead } from '../store-retries';
import { handOver, rollBackChange } from './hand-over';

/**
 * What an edit or a retry plans from the post as read: the change, or undefined when there is
 * nothing to change. It throws the operation's refusals (state, connections) in the order of docs/api.md, "Editing, rescheduling and retrying".
 */
export type ChangePlanner = (post: Post, now: Date) => Promise<PlannedChange | undefined>;

export interface ChangeOptions {
  /** The refusal for a post found in another status when the write is refused. */
  refusal(status: PostStatus): DomainError | undefined;
  idempotency?: IdempotencyClaim;
  /** The audit entry of the change as planned, written in its transaction (docs/api.md, "Audit trail"). */
  audit(change: PlannedChange): AuditEvent;
}

/** Concurrent edits of one post are rare but legal: each loser reads again and re-plans. */
const MAX_ATTEMPTS = 8;

/**
 * Changes a post (docs/api.md, "Editing, rescheduling and retrying"): reads it, plans the change, and writes it in one
 * transaction with its LinkedIn slot move, the idempotency record and its audit entry, conditional
 * on the status and versions read. Then hands the new version to the scheduler (undone if that fails) and
 * cancels the old version's schedule. Neither counts against the monthly limit.
 */
export async function changePost(
  accountId: string,
  postId: string,
  plan: ChangePlanner,
  options: ChangeOptions,
): Promise<{ post: PostView }> {
  return retryOnConflict(MAX_ATTEMPTS, 'post kept changing under the edit', () => attemptChange(accountId, postId, plan, options));
}

async function attemptChange(accountId: string, postId: string, plan: ChangePlanner, options: ChangeOptions): Promise<{ post: PostView }> {
  logger.appendKeys({ post_id: postId });
  const post = await getPostItem(postId);
  if (!post || post.account_id !== accountId) throw new DomainError('POST_NOT_FOUND');
  const change = await plan(post, clock.now());
  if (!change) return { post: toPostView(post) };
  // A queued post moved to another time (or published now) gives its queue slot back (docs/api.md, "Posting queue").
  const queueSlot = change.previous.queue_slot_ms;
  const freesQueueSlot =
    queueSlot !== undefined && (change.next.post_time !== change.previous.post_time || change.next.status !== 'scheduled');
  if (freesQueueSlot) delete change.next.queue_slot_ms;
  const answer = { post: toPostView(change.next) };
  const slot = change.slot ? moveSpacingSlotItems(accountId, postId, change.slot.from?.bucket, change.slot.to) : { items: [], claims: 0 };
  const idempotency = options.idempotency;
  const audit = auditPutItem(accountId, options.audit(change), clock.now());
  try {
    await writeTransaction([
      replacePostItem(change.next, change.previous),
      ...slot.items,
      ...(idempotency ? [completeIdempotencyRecordItem(idempotency.recordKey, idempotency.token, 200, JSON.stringify(answer))] : []),
      // Last, so the positions explainCancelledChange reads stay put.
      ...(change.attachMedia ?? []).map((mediaId) => attachMediaItem(accountId, mediaId, postId, clock.now())),
      ...(freesQueueSlot ? [releaseQueueSlotItem(accountId, queueSlot, postId)] : []),
      // Unconditional: it never explains a cancellation.
      audit,
    ]);
  } catch (error) {
    throw await explainCancelledChange(error, change, slot, options);
  }
  if (change.detachMedia?.length) {
    const expiresAt = new Date(clock.now().getTime() + UNATTACHED_LIFETIME_MS);
    await Promise.all(change.detachMedia.map((mediaId) => detachMedia(mediaId, postId, expiresAt)));
  }
  logger.info('post changed', { version: versionOf(change.next), status: change.next.status, post_time: change.next.post_time });
  try {
    await handOver(change);
  } catch (error) {
    await rollBackChange(change, idempotency, auditItemKey(audit));
    throw error;
  }
  if (idempotency) idempotency.settled = true;
  return answer;
}

/**
 * The one place where a cancelled change becomes a domain error. Items, in order: post,
 * [slot claim and its checks, slot release], [idempotency record]. The post's state outranks
 * the spacing rule (docs/api.md, "Editing, rescheduling and retrying"); a newer version means the read was stale: plan again.
 */
async function explainCancelledChange(
  error: unknown,
  change: PlannedChange,
  slot: { items: unknown[]; claims: number },
  options: ChangeOptions,
): Promise<unknown> {
  const reasons = cancellationReasons(error);
  if (!reasons || isTransactionConflict(reasons)) return error;
  const [written, ...rest] = reasons;
  if (written?.conditionFailed) {
    const now = written.item;
    if (!now) return new DomainError('POST_NOT_FOUND');
    return options.refusal(now.status as PostStatus) ?? new StaleRead();
  }
  if (rest.slice(0, slot.claims).some((reason) => reason.conditionFailed) && change.slot?.to) {
    const requested = new Date(change.slot.to.timeMs);
    const others = await spacingTimesFrom(change.next.account_id, spacingBucket(requested), change.next.id);
    return new DomainError('RATE_LIMIT_EXCEEDED', { platform: 'linkedin', next_available: nextAvailable(requested, others).toISOString() });
  }
  const record = rest[slot.items.length];
  if (options.idempotency && record?.conditionFailed) return new DomainError('IDEMPOTENCY_KEY_IN_PROGRESS');
  // Media deleted or expired between the check and the write.
  const mediaReasons = rest.slice(slot.items.length + (options.idempotency ? 1 : 0));
  const gone = (change.attachMedia ?? []).find((_, index) => mediaReasons[index]?.conditionFailed);
  if (gone !== undefined) return new DomainError('MEDIA_NOT_FOUND', {}, { message: `Media ${gone} not found` });
  return error;
}
