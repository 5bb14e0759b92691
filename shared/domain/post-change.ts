import type { Post } from '#shared/domain/post';
import type { PostStatus } from './post-status';
import { DomainError } from '#shared/domain/errors';
import { SPACING_MS, spacingBucket, type SlotHold, type SlotMove } from './linkedin-spacing';

/**
 * An edit or a retry, planned from the post as read (docs/api.md, "Editing, rescheduling and retrying"): the post as it will be
 * written (its version one higher) and how its LinkedIn slot moves, if it does. The write is
 * conditional on the status and version read, so a plan made from a stale read never lands.
 */
export interface PlannedChange {
  previous: Post;
  next: Post;
  slot?: SlotMove;
  /** Images the change adds (attached in its transaction) and drops (let go after it). */
  attachMedia?: string[];
  detachMedia?: string[];
}

/**
 * The LinkedIn slot a post holds, if any. Its time is the post's, except for a partially published
 * post retried elsewhere since (its slot stays where LinkedIn published): then the bucket's start,
 * which only a rollback of a failed hand-over would ever write back.
 */
export function heldSlot(post: Post): SlotHold | undefined {
  if (post.spacing_bucket === undefined) return undefined;
  const time = Date.parse(post.post_time);
  return {
    bucket: post.spacing_bucket,
    timeMs: spacingBucket(new Date(time)) === post.spacing_bucket ? time : post.spacing_bucket * SPACING_MS,
  };
}

/** POST_PUBLISHED for a post that is or was being published, worded for the operation refused. */
export const postPublished = (action: 'edited' | 'retried'): DomainError =>
  new DomainError('POST_PUBLISHED', {}, { message: `The post has already been published (or is being published) and cannot be ${action}` });

/** The one refusal of an edit by status: POST_PUBLISHED, or INVALID_POST_STATE pointing a failed post to retry. */
export function editRefusal(status: PostStatus): DomainError | undefined {
  if (status === 'scheduled' || status === 'draft') return undefined;
  if (status === 'failed') {
    return new DomainError(
      'INVALID_POST_STATE',
      { status },
      {
        message: 'The post failed: retry it with POST /posts/{id}/retry (content may be corrected there) instead of editing it',
      },
    );
  }
  return postPublished('edited');
}

/** The one refusal of a retry by status: only failed and partially published posts can be retried. */
export function retryRefusal(status: PostStatus): DomainError | undefined {
  if (status === 'failed' || status === 'partially_published') return undefined;
  return new DomainError(
    'INVALID_POST_STATE',
    { status },
    {
      message: `Only failed or partially published posts can be retried; this post is ${status}${status === 'scheduled' ? ' (edit it with PATCH /posts/{id} instead)' : ''}`,
    },
  );
}
