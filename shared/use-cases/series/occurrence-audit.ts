import type { AuditActor } from '#shared/domain/audit';
import type { PostCreator } from '#shared/domain/post';

/**
 * A post the service makes (a series occurrence, a recycled evergreen post) is `post.created` by
 * whoever created what it repeats (the key, the connected app, or the dashboard owner); the entry
 * is written in the post's own creation transaction like any other
 * (docs/decisions/0265-made-posts-audited-as-their-creator.md).
 */
export function actorOfCreator(accountId: string, createdBy: PostCreator | undefined): AuditActor {
  if (createdBy?.type === 'api_key' && createdBy.key_id) return { type: 'api_key', id: createdBy.key_id, name: createdBy.key_name };
  if (createdBy?.type === 'oauth_client') return { type: 'oauth_client', id: createdBy.connection_id, name: createdBy.client_name };
  return { type: 'dashboard', id: accountId, name: null };
}
