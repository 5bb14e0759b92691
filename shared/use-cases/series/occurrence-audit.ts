import type { AuditActor } from '#shared/domain/audit';
import type { PostCreator } from '#shared/domain/post';
import { logger } from '#shared/logger';
import { recordAudit } from '#shared/store/audit-log';

/**
 * A post the service made (a series occurrence, a recycled evergreen post) is `post.created` by
 * whoever created what it repeats (the key, or the dashboard owner), with the series or the first
 * post named in the details (docs/decisions/0265-made-posts-audited-as-their-creator.md). Written
 * after the post: a lost entry is logged, never a reason to undo a post already handed over.
 */
export async function auditMadePost(
  accountId: string,
  createdBy: PostCreator | undefined,
  postId: string,
  details: Record<string, unknown>,
): Promise<void> {
  const actor: AuditActor =
    createdBy?.type === 'api_key' && createdBy.key_id
      ? { type: 'api_key', id: createdBy.key_id, name: createdBy.key_name }
      : { type: 'dashboard', id: accountId, name: null };
  try {
    await recordAudit(accountId, { actor, action: 'post.created', target: { type: 'post', id: postId }, version: null, details });
  } catch (error) {
    logger.warn('audit entry of a post made by the service not written', { post_id: postId, error: error as Error });
  }
}
