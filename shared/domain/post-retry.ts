import { DomainError } from '#shared/domain/errors';
import { type Platform } from '#shared/domain/platforms';
import { publicVersionOf, type Post } from '#shared/domain/post';
import { slotHoldAt } from './linkedin-spacing';
import { heldSlot, type PlannedChange } from './post-change';
import { pendingResult } from './post-view';
import { parseScheduledFor } from './scheduled-time';

/** POST /posts/{id}/retry: when (now, or a time), corrected content (failed posts only), and whether to risk a repeat. */
export interface PostRetry {
  scheduled_for?: string | null;
  content?: string;
  include_outcome_unknown?: boolean;
}

/** The retry's own rule before the post is read: INVALID_SCHEDULED_TIME. Null: now. */
export const readRetryTime = (retry: PostRetry, now: Date): Date | null => parseScheduledFor(retry.scheduled_for, now);

/**
 * The platforms a retry publishes again: those that failed, except the ones whose outcome is
 * unknown (they may already be on the platform) unless the caller accepts that risk.
 */
export function platformsToRetry(post: Post, includeOutcomeUnknown: boolean): Platform[] {
  return post.platforms.filter((platform) => {
    const result = post.results[platform];
    return result?.status === 'failed' && (includeOutcomeUnknown || result.error?.code !== 'PLATFORM_OUTCOME_UNKNOWN');
  });
}

/**
 * The post after a retry of its failed platforms (the caller has checked its status): those go
 * back to pending, the rest keep their results; it waits for `at` or publishes now. Corrected
 * content (failed posts only) replaces the text of the retried platforms, their own texts
 * included, so they receive exactly it. A retry to LinkedIn is a LinkedIn post at its new time:
 * the post's slot moves there; otherwise the slot it holds (a published LinkedIn post's) stays.
 */
export function applyRetry(post: Post, retry: PostRetry, at: Date | null, now: Date): PlannedChange {
  if (retry.content !== undefined && post.status !== 'failed') {
    throw new DomainError(
      'INVALID_POST_STATE',
      { status: post.status },
      {
        message: 'content can only be corrected when the whole post failed; part of this post is published, so retry it without content',
      },
    );
  }
  const retried = platformsToRetry(post, retry.include_outcome_unknown === true);
  if (!retried.length) {
    throw new DomainError(
      'INVALID_POST_STATE',
      { status: post.status },
      {
        message:
          'Nothing to retry: the failed platforms may already have the post (PLATFORM_OUTCOME_UNKNOWN); send include_outcome_unknown: true to publish there again',
      },
    );
  }
  const postTime = at ?? now;
  const texts = Object.entries(post.platform_content ?? {}).filter(
    ([platform]) => retry.content === undefined || !retried.includes(platform as Platform),
  );
  const toLinkedIn = retried.includes('linkedin');
  const next: Post = {
    ...post,
    content: retry.content ?? post.content,
    platform_content: texts.length ? Object.fromEntries(texts) : undefined,
    status: at ? 'scheduled' : 'publishing',
    scheduled_for: at ? at.toISOString() : null,
    post_time: postTime.toISOString(),
    results: { ...post.results, ...Object.fromEntries(retried.map((platform) => [platform, pendingResult()])) },
    spacing_bucket: toLinkedIn ? slotHoldAt(postTime).bucket : post.spacing_bucket,
    version: (post.version ?? 0) + 1,
    revision: publicVersionOf(post) + 1,
  };
  return { previous: post, next, slot: toLinkedIn ? { from: heldSlot(post), to: slotHoldAt(postTime) } : undefined };
}
