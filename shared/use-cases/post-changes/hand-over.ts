import type { PlannedChange } from '#shared/domain/post-change';
import { logger } from '#shared/logger';
import { scheduler } from '#shared/ports/registry';
import { deleteIdempotencyRecordItem } from '#shared/store/idempotency-records';
import { restorePostItem } from '#shared/store/post-changes';
import { removeAuditItem } from '#shared/store/audit-log';
import { versionOf } from '#shared/domain/post';
import { writeTransaction } from '#shared/store/posts';
import { moveSpacingSlotItems } from '#shared/store/spacing-slots';

/**
 * After a change is written: its new version goes to the scheduler (or straight to the
 * publisher), then the old version's schedule is cancelled. The old trigger stays valid until the
 * new one exists, and a trigger of another version does nothing, so at every moment exactly one
 * live trigger matches the post. A failed cancel only leaves a trigger that will find itself stale.
 */
export async function handOver({ previous, next }: PlannedChange): Promise<void> {
  if (next.status === 'draft') return; // an edited draft waits for POST /posts/{id}/schedule
  const postScheduler = await scheduler();
  if (next.status === 'publishing') await postScheduler.publishNow(next.id);
  else await postScheduler.schedule(next.id, new Date(next.post_time), versionOf(next));
  if (previous.status !== 'scheduled') return;
  try {
    await postScheduler.cancel(previous.id, versionOf(previous));
  } catch (error) {
    logger.warn('old schedule not cancelled; it will find the post changed and do nothing', {
      version: versionOf(previous),
      error: error as Error,
    });
  }
}

/**
 * Undoes a change whose hand-over failed: the request fails, so the post goes back to what it
 * was (its old trigger, never cancelled, is valid again), its slot back where it was, and the
 * idempotency record is freed. Conditional on the change being untouched; if a publisher or
 * another change got there first, the post stays as it is and the failure is logged.
 */
export async function rollBackChange(
  change: PlannedChange,
  idempotency?: { recordKey: { pk: string; sk: string }; token: string },
  /** The change's audit entry, taken back with it (docs/api.md, "Audit trail"). */
  auditKey?: { pk: string; sk: string },
): Promise<void> {
  const { previous, next, slot } = change;
  const slotBack = slot ? moveSpacingSlotItems(next.account_id, next.id, slot.to?.bucket, slot.from, { checkNeighbours: false }).items : [];
  try {
    await writeTransaction([
      restorePostItem(previous, next),
      ...slotBack,
      ...(idempotency ? [deleteIdempotencyRecordItem(idempotency.recordKey, idempotency.token)] : []),
      ...(auditKey ? [removeAuditItem(auditKey)] : []),
    ]);
    logger.warn('post change rolled back', { version: versionOf(next) });
  } catch (error) {
    logger.error('post change could not be rolled back', { version: versionOf(next), error: error as Error });
  }
}
