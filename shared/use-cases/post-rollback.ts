import { deleteIdempotencyRecordItem } from '#shared/store/idempotency-records';
import { type Post } from '#shared/domain/post';
import { deletePostItem, writeTransaction } from '#shared/store/posts';
import { releaseSpacingSlotItem } from '#shared/store/spacing-slots';
import { releaseQueueSlotItem } from '#shared/store/queue';
import { decrementUsageItem } from '#shared/store/usage-counters';
import { logger } from '#shared/logger';
import { removeAuditItem } from '#shared/store/audit-log';
import type { restorePostItem } from '#shared/store/post-changes';

/**
 * Undoes a creation whose hand-over to the scheduler failed: the request fails, so it must
 * count nothing and leave nothing (docs/api.md, "Limits"). Conditional on the post still
 * waiting: if the publisher already took it, the post stays and is reported as created.
 */
export async function rollBackCreation(
  post: Post,
  month: string,
  idempotency?: { recordKey: { pk: string; sk: string }; token: string },
  /** Instead of deleting the post: puts back what it was (a scheduled draft goes back to being a draft). */
  undo?: ReturnType<typeof restorePostItem>,
  /** The creation's audit entry, taken back with it (docs/api.md, "Audit trail"). */
  auditKey?: { pk: string; sk: string },
): Promise<void> {
  const untouched = post.platforms.map((_, index) => ` AND results.#p${index}.#rs = :pending`).join('');
  const deletePost = deletePostItem(post, [post.status], untouched);
  Object.assign(deletePost.Delete.ExpressionAttributeNames, {
    '#rs': 'status',
    ...Object.fromEntries(post.platforms.map((platform, index) => [`#p${index}`, platform])),
  });
  Object.assign(deletePost.Delete.ExpressionAttributeValues, { ':pending': 'pending' });
  try {
    await writeTransaction([
      undo ?? deletePost,
      decrementUsageItem(post.account_id, month),
      ...(post.spacing_bucket !== undefined ? [releaseSpacingSlotItem(post.account_id, post.spacing_bucket, post.id)] : []),
      ...(idempotency ? [deleteIdempotencyRecordItem(idempotency.recordKey, idempotency.token)] : []),
      ...(post.queue_slot_ms !== undefined ? [releaseQueueSlotItem(post.account_id, post.queue_slot_ms, post.id)] : []),
      ...(auditKey ? [removeAuditItem(auditKey)] : []),
    ]);
    logger.warn('post creation rolled back', { post_id: post.id });
  } catch (error) {
    logger.error('post creation could not be rolled back', { post_id: post.id, error: error as Error });
  }
}
