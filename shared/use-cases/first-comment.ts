import { config } from '#shared/config';
import { firstCommentFor, firstCommentOutstanding, type StoredFirstComment } from '#shared/domain/first-comment';
import { textFor } from '#shared/domain/platform-content';
import type { Platform } from '#shared/domain/platforms';
import type { Post } from '#shared/domain/post';
import { backoffDelayMs } from '#shared/domain/retry-backoff';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import type { PublishOutcome } from '#shared/platforms/publisher';
import { platformPublisher } from '#shared/platforms/registry';
import { claimFirstComment, markFirstCommentDispatching, recordFirstComment } from '#shared/store/first-comments';
import { getPostItem } from '#shared/store/posts';
import { getProfileItem, toPlatformProfile } from '#shared/store/profiles';
import { keepRenewal } from './profile-renewal';
import { withStoreRetries } from './store-retries';
import { publishedText } from './links/track-post-links';

/**
 * The first comment (docs/api.md, "First comment"), published right after the post on each
 * platform under the post's claim discipline, one level down (shared/store/first-comments.ts):
 * claimed by one run, marked before a LinkedIn call (which cannot be repeated safely), recorded
 * over the claim. Bluesky's reply has a deterministic record key, so a run taking over from a
 * crashed one simply writes it again and finds it there. A failed comment is recorded as such
 * and never changes the post's own result.
 */
export interface CommentRun {
  /** The post as the comment's record left it. */
  recorded?: Post;
  /** When another run claimed the comment, while it holds it. */
  heldSince?: string;
}

/** Whether repeating the comment is harmless (Bluesky: the reply's record key is derived from the post). */
const REPEATABLE: Record<Platform, boolean> = { bluesky: true, linkedin: false };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Publishes one platform's first comment if it is still to be published; nothing when the post has none there. */
export async function publishFirstComment(post: Post, platform: Platform, claimId: string, leaseMs: number): Promise<CommentRun> {
  if (!firstCommentOutstanding(post, platform)) return {};
  const now = clock.now();
  const claim = await withStoreRetries('claim-first-comment', () =>
    claimFirstComment(post.id, platform, now, new Date(now.getTime() - leaseMs), claimId),
  );
  if (claim.outcome === 'not-ours') return claim.heldSince ? { heldSince: claim.heldSince } : {};
  let outcome: PublishOutcome;
  if (claim.outcome === 'reclaimed-after-crash' && claim.dispatched && !REPEATABLE[platform]) {
    outcome = {
      ok: false,
      code: 'PLATFORM_OUTCOME_UNKNOWN',
      message: `A previous attempt stopped mid-comment; the comment may or may not be on ${platform}`,
      retryable: false,
    };
  } else {
    if (!REPEATABLE[platform])
      await withStoreRetries('mark-first-comment-dispatching', () => markFirstCommentDispatching(post.id, platform, claimId, clock.now()));
    outcome = await commentWithRetries(post, platform);
  }
  const stored: StoredFirstComment = outcome.ok
    ? { status: 'published', url: outcome.url, error: null }
    : { status: 'failed', url: null, error: { code: outcome.code, message: outcome.message } };
  const recorded = await withStoreRetries('record-first-comment', () => recordFirstComment(post.id, platform, stored, claimId));
  logger.info('first comment result', { platform, result: stored.status, error_code: stored.error?.code, url: stored.url });
  return { recorded };
}

/**
 * The comments a run finds still to publish on a post whose platforms are done (those a crashed
 * run left after its post went out): the post as read, and each comment's run.
 */
export async function finishFirstComments(postId: string, claimId: string, leaseMs: number): Promise<{ post?: Post; runs: CommentRun[] }> {
  const post = await getPostItem(postId);
  if (!post || post.status !== 'publishing') return { post, runs: [] };
  const outstanding = post.platforms.filter((platform) => firstCommentOutstanding(post, platform));
  return { post, runs: await Promise.all(outstanding.map((platform) => publishFirstComment(post, platform, claimId, leaseMs))) };
}

/** Whether every first comment of the post's published platforms is settled (published or failed). */
export const firstCommentsSettled = (post: Post): boolean => post.platforms.every((platform) => !firstCommentOutstanding(post, platform));

async function commentWithRetries(post: Post, platform: Platform): Promise<PublishOutcome> {
  const text = firstCommentFor(post, platform)!;
  const result = post.results[platform]!;
  const publisher = await platformPublisher(platform);
  if (!publisher.comment) return { ok: false, code: 'PLATFORM_REJECTED', message: `No first comment on ${platform}`, retryable: false };
  const item = await getProfileItem(post.account_id, platform);
  if (!item) return { ok: false, code: 'PROFILE_DISCONNECTED', message: `No ${platform} profile is connected`, retryable: false };
  let profile = toPlatformProfile(item);
  // The text the post went out with: its short links when it tracked them (docs/api.md, "Tracked links").
  const content = await withStoreRetries('published-text', () => publishedText(post, platform, textFor(post, platform)));
  const { maxAttempts } = config.publishing;
  for (let attempt = 1; ; attempt += 1) {
    let outcome: PublishOutcome;
    try {
      const answered = await publisher.comment({
        postId: post.id,
        accountId: post.account_id,
        postTime: new Date(post.post_time),
        profile,
        content,
        platformPostId: result.platform_post_id ?? '',
        text,
        attempt,
      });
      ({ profile, outcome } = await keepRenewal(profile, answered, post.id));
    } catch (error) {
      logger.error('adapter threw on the first comment', { platform, error: error as Error });
      outcome = { ok: false, code: 'PLATFORM_OUTCOME_UNKNOWN', message: 'Unexpected error while commenting', retryable: false };
    }
    if (outcome.ok || !outcome.retryable || attempt >= maxAttempts) return outcome;
    const delay = backoffDelayMs(attempt, config.publishing, outcome.retryAfterSeconds);
    logger.warn('retrying first comment', { platform, attempt, delay_ms: delay, error_code: outcome.code });
    await sleep(delay);
  }
}
