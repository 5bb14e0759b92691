import { retryRefusal } from '#shared/domain/post-change';
import { applyRetry, readRetryTime, type PostRetry } from '#shared/domain/post-retry';
import type { PostView } from '#shared/domain/post-view';
import { clock } from '#shared/ports/clock';
import type { Platform } from '#shared/domain/platforms';
import type { IdempotencyClaim } from '../create-post';
import { changePost } from './change-post';
import type { AuditActor } from '#shared/domain/audit';
import { publicVersionOf } from '#shared/domain/post';
import { requireConnected } from './edit-post';

/**
 * POST /posts/{id}/retry (docs/api.md, "Editing, rescheduling and retrying"): publishes a failed or partially published post
 * again on the platforms that failed, now or at `scheduled_for`. Checks in the documented order:
 * INVALID_SCHEDULED_TIME → POST_NOT_FOUND → INVALID_POST_STATE → PLATFORMS_NOT_CONNECTED (of the
 * retried platforms) → LinkedIn spacing. Nothing is counted against the monthly limit.
 */
export async function retryPost(
  accountId: string,
  postId: string,
  retry: PostRetry,
  idempotency: IdempotencyClaim | undefined,
  actor: AuditActor,
): Promise<{ post: PostView }> {
  const at = readRetryTime(retry, clock.now());
  return changePost(
    accountId,
    postId,
    async (post, now) => {
      const refusal = retryRefusal(post.status);
      if (refusal) throw refusal;
      const change = applyRetry(post, retry, at, now);
      const retried = change.next.platforms.filter((platform: Platform) => change.next.results[platform]?.status === 'pending');
      await requireConnected(accountId, retried);
      return change;
    },
    {
      refusal: retryRefusal,
      idempotency,
      audit: ({ next }) => ({
        actor,
        action: 'post.retried',
        target: { type: 'post', id: postId },
        version: publicVersionOf(next),
        details: { platforms: next.platforms.filter((platform) => next.results[platform]?.status === 'pending') },
      }),
    },
  );
}
