import type { AuditActor } from '#shared/domain/audit';
import type { Series } from '#shared/domain/series';
import { logger } from '#shared/logger';
import { recordAudit } from '#shared/store/audit-log';

/**
 * An occurrence the service made is `post.created` by whoever created the series (the key, or the
 * dashboard owner), with the series named in the details
 * (docs/decisions/0265-occurrences-audited-as-the-series-creator.md). Written after the post: a lost
 * entry is logged, never a reason to undo a post already handed to the scheduler.
 */
export async function auditOccurrence(series: Series, postId: string, index: number): Promise<void> {
  const by = series.created_by;
  const actor: AuditActor =
    by?.type === 'api_key' && by.key_id ? { type: 'api_key', id: by.key_id, name: by.key_name } : { type: 'dashboard', id: series.account_id, name: null };
  try {
    await recordAudit(series.account_id, {
      actor,
      action: 'post.created',
      target: { type: 'post', id: postId },
      version: null,
      details: { series_id: series.id, occurrence: index },
    });
  } catch (error) {
    logger.warn('audit entry of a series occurrence not written', { post_id: postId, error: error as Error });
  }
}
