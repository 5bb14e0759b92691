import type { AuditEvent } from '#shared/domain/audit';
import { DomainError } from '#shared/domain/errors';
import { auditPutItem } from '#shared/store/audit-log';
import { monthlyLimit } from '#shared/domain/plans';
import type { Post } from '#shared/domain/post';
import { toPostView, type PostView } from '#shared/domain/post-view';
import { usageMonth, usageView, type Usage } from '#shared/domain/usage-month';
import { completeIdempotencyRecordItem } from '#shared/store/idempotency-records';
import { attachMediaItem } from '#shared/store/media';
import { readPostingContext } from '#shared/store/posting-context';
import { putNewPostItem, writeTransaction } from '#shared/store/posts';
import { cancellationReasons, isTransactionConflict } from '#shared/store/transaction-errors';

/**
 * Saves a new draft (docs/api.md, "Drafts"): the post, its idempotency record, its media marks and
 * its audit entry in one transaction. Nothing is counted (the usage answered is the month as it stands),
 * no LinkedIn slot is claimed and nothing is handed to the scheduler.
 */
export async function saveDraft(
  post: Post,
  now: Date,
  attachMedia: string[],
  idempotency: { recordKey: { pk: string; sk: string }; token: string; settled?: boolean } | undefined,
  audit: AuditEvent,
): Promise<{ post: PostView; usage: Usage }> {
  const month = usageMonth(now);
  const context = await readPostingContext(post.account_id, month.month);
  if (!context.account) throw new DomainError('INVALID_API_KEY');
  const created = { post: toPostView(post), usage: usageView(monthlyLimit(context.account), context.used, month) };
  try {
    await writeTransaction([
      putNewPostItem(post),
      ...(idempotency ? [completeIdempotencyRecordItem(idempotency.recordKey, idempotency.token, 201, JSON.stringify(created))] : []),
      ...attachMedia.map((mediaId) => attachMediaItem(post.account_id, mediaId, post.id, now)),
      // Last and unconditional: it never explains a cancellation (docs/api.md, "Audit trail").
      auditPutItem(post.account_id, audit, now),
    ]);
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons || isTransactionConflict(reasons)) throw error;
    const rest = reasons.slice(1);
    if (idempotency && rest[0]?.conditionFailed) throw new DomainError('IDEMPOTENCY_KEY_IN_PROGRESS');
    // Media deleted or expired between the check and the write.
    const mediaReasons = rest.slice(idempotency ? 1 : 0);
    const gone = attachMedia.find((_, index) => mediaReasons[index]?.conditionFailed);
    if (gone !== undefined) throw new DomainError('MEDIA_NOT_FOUND', {}, { message: `Media ${gone} not found` });
    throw error;
  }
  if (idempotency) idempotency.settled = true;
  return created;
}
