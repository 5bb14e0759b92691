import { nextAvailable, spacingBucket } from '#shared/domain/linkedin-spacing';
import { checkPlatformContent, type PlatformContent } from '#shared/domain/platform-content';
import { checkFirstComment, firstCommentFields, type FirstCommentFields } from '#shared/domain/first-comment';
import { newId } from '#shared/domain/ids';
import { monthlyLimit } from '#shared/domain/plans';
import { pendingResult, toPostView, type PostView } from '#shared/domain/post-view';
import { parseScheduledFor } from '#shared/domain/scheduled-time';
import { usageMonth, usageView, type Usage, type UsageMonth } from '#shared/domain/usage-month';
import { isTransientDependencyError } from '#shared/http/dependency-errors';
import { DomainError } from '#shared/domain/errors';
import { type Platform } from '#shared/domain/platforms';
import { logger } from '#shared/logger';
import { isConnectedProfile } from '#shared/domain/profile-author';
import { clock } from '#shared/ports/clock';
import { scheduler } from '#shared/ports/registry';
import { completeIdempotencyRecordItem } from '#shared/store/idempotency-records';
import { readPostingContext } from '#shared/store/posting-context';
import { versionOf, type Post } from '#shared/domain/post';
import { getPostItem, putNewPostItem, writeTransaction } from '#shared/store/posts';
import { claimSpacingSlotItems, spacingTimesFrom } from '#shared/store/spacing-slots';
import { cancellationReasons, isTransactionConflict } from '#shared/store/transaction-errors';
import { incrementUsageItem } from '#shared/store/usage-counters';
import { attachMediaItem } from '#shared/store/media';
import { resolvePostMedia } from './post-media';
import { rollBackCreation } from './post-rollback';
import { retryOnConflict, withStoreRetries } from './store-retries';

export interface NewPost extends FirstCommentFields {
  content: string;
  platform_content?: PlatformContent;
  platforms: Platform[];
  scheduled_for?: string | null;
  /** false: no link card (docs/api.md, "Per-platform text, preview and link cards"). */
  link_preview?: boolean;
  /** Ids of ready media (docs/api.md, "Media"). */
  media?: string[];
}

/**
 * An idempotency-key claimed by the middleware: completed inside the creation transaction,
 * then marked settled so the middleware does not complete (or release) it a second time.
 */
export interface IdempotencyClaim {
  recordKey: { pk: string; sk: string };
  token: string;
  settled?: boolean;
}

export interface CreatedPost {
  post: PostView;
  usage: Usage;
}

const MAX_CONFLICT_RETRIES = 3;

/**
 * Creates a post (docs/api.md, "Posts", "Limits", "Publishing guarantees"). Checks in the documented order after the request's
 * shape: scheduled time → connected platforms → monthly limit → LinkedIn spacing. One
 * transaction writes the post, counts it, claims its LinkedIn slot and completes the
 * idempotency record, so no path leaves one without the others. Then the post is handed to
 * the scheduler (or the publisher, when immediate); if that fails the creation is undone.
 */
export async function createPost(accountId: string, input: NewPost, idempotency?: IdempotencyClaim): Promise<CreatedPost> {
  // Real DynamoDB cancels a transaction that races another on the same items: read and try again.
  return retryOnConflict(1 + MAX_CONFLICT_RETRIES, 'post creation kept conflicting', () => attemptCreation(accountId, input, idempotency));
}

async function attemptCreation(accountId: string, input: NewPost, idempotency?: IdempotencyClaim): Promise<CreatedPost> {
  const now = clock.now();
  const platforms = [...new Set(input.platforms)];
  checkPlatformContent(platforms, input.platform_content);
  checkFirstComment(platforms, input);
  const scheduledFor = parseScheduledFor(input.scheduled_for, now);
  const media = await resolvePostMedia(accountId, input.media);
  const month = usageMonth(now);
  const context = await readPostingContext(accountId, month.month);
  if (!context.account) throw new DomainError('INVALID_API_KEY');
  // A LinkedIn page connection without its page picked is not connected yet (docs/api.md, "LinkedIn pages").
  const missing = platforms.filter((platform) => !isConnectedProfile(context.profiles[platform]));
  if (missing.length) throw new DomainError('PLATFORMS_NOT_CONNECTED', { missing_platforms: missing });
  const limit = monthlyLimit(context.account);
  if (context.used >= limit) throw monthlyLimitExceeded(limit, context.used, month);

  const postTime = scheduledFor ?? now;
  const toLinkedIn = platforms.includes('linkedin');
  const post: Post = {
    id: newId(),
    account_id: accountId,
    content: input.content,
    ...(input.platform_content && Object.keys(input.platform_content).length ? { platform_content: input.platform_content } : {}),
    ...(input.link_preview === false ? { link_preview: false as const } : {}),
    ...firstCommentFields(input),
    ...(media.length ? { media: media.map((one) => ({ ...one, expires_at: null })) } : {}),
    platforms,
    status: scheduledFor ? 'scheduled' : 'publishing',
    scheduled_for: scheduledFor?.toISOString() ?? null,
    created_at: now.toISOString(),
    published_at: null,
    results: Object.fromEntries(platforms.map((platform) => [platform, pendingResult()])),
    post_time: postTime.toISOString(),
    spacing_bucket: toLinkedIn ? spacingBucket(postTime) : undefined,
  };
  const created: CreatedPost = { post: toPostView(post), usage: usageView(limit, context.used + 1, month) };
  logger.appendKeys({ post_id: post.id });

  try {
    await writeTransaction([
      putNewPostItem(post),
      incrementUsageItem(accountId, month.month, limit),
      ...(post.spacing_bucket !== undefined ? claimSpacingSlotItems(accountId, post.spacing_bucket, post.id, postTime.getTime()) : []),
      ...(idempotency ? [completeIdempotencyRecordItem(idempotency.recordKey, idempotency.token, 201, JSON.stringify(created))] : []),
      // Last, so the positions explainCancelledCreation reads stay put.
      ...media.map((one) => attachMediaItem(accountId, one.id, post.id, now)),
    ]);
  } catch (error) {
    // A store fault may hide a commit (the answer lost after the write, the store stopping under it):
    // the post item says which. Committed, the creation goes on to its hand-over like any other.
    if (!(isTransientDependencyError(error) && (await committedAfterAll(post.id)))) {
      throw await explainCancelledCreation(error, {
        accountId,
        limit,
        month,
        postTime,
        hasSlot: toLinkedIn,
        media: media.map((one) => one.id),
        hasIdempotency: !!idempotency,
      });
    }
    logger.warn('creation transaction failed but had committed; carrying on', { error_name: (error as Error).name });
  }

  try {
    await handOver(post.id, scheduledFor);
  } catch (error) {
    await rollBackCreation(post, month.month, idempotency);
    throw error;
  }
  if (idempotency) idempotency.settled = true;
  return created;
}

/** Whether the post of a creation whose transaction failed exists after all (unknown when the store does not answer: no). */
async function committedAfterAll(postId: string): Promise<boolean> {
  try {
    return (await withStoreRetries('read-back-creation', () => getPostItem(postId))) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The hand-over again, for a replayed creation: its first request may have committed and then
 * failed before handing the post over (a 503 whose write had committed after all, when even the
 * read-back failed). Harmless when done: the local scheduler keeps one trigger per post version,
 * Scheduler's create is idempotent by its client token, and the publisher by its claims.
 */
export async function ensureHandedOver(postId: string): Promise<void> {
  const post = await getPostItem(postId);
  if (!post || versionOf(post) !== 0) return; // gone, or edited (its edit handed it over)
  if (post.status === 'scheduled' && post.scheduled_for) await handOver(post.id, new Date(post.scheduled_for));
  else if (post.status === 'publishing' && post.platforms.every((platform) => post.results[platform]?.status === 'pending'))
    await handOver(post.id);
}

/** A new post to the scheduler for its time, or to the publisher now. */
async function handOver(postId: string, scheduledFor?: Date | null): Promise<void> {
  const postScheduler = await scheduler();
  if (scheduledFor) await postScheduler.schedule(postId, scheduledFor);
  else await postScheduler.publishNow(postId);
}

const monthlyLimitExceeded = (limit: number, used: number, month: UsageMonth) =>
  new DomainError('MONTHLY_LIMIT_EXCEEDED', { limit, used, resets_at: month.resetsAt });

/**
 * The one place where a cancelled creation transaction becomes a domain error. Items, in
 * order: post, counter, [slot, slot before, slot after], [idempotency record]. The monthly
 * limit outranks the spacing rule when both fail (docs/api.md, "Limits").
 */
async function explainCancelledCreation(
  error: unknown,
  context: {
    accountId: string;
    limit: number;
    month: UsageMonth;
    postTime: Date;
    hasSlot: boolean;
    media: string[];
    hasIdempotency: boolean;
  },
): Promise<unknown> {
  const reasons = cancellationReasons(error);
  if (!reasons || isTransactionConflict(reasons)) return error;
  const [, counter, ...rest] = reasons;
  if (counter?.conditionFailed) {
    return monthlyLimitExceeded(context.limit, Number(counter.item?.used ?? context.limit), context.month);
  }
  const slots = context.hasSlot ? rest.slice(0, 3) : [];
  if (slots.some((reason) => reason.conditionFailed)) {
    const existing = await spacingTimesFrom(context.accountId, spacingBucket(context.postTime));
    const next = nextAvailable(context.postTime, existing);
    return new DomainError('RATE_LIMIT_EXCEEDED', { platform: 'linkedin', next_available: next.toISOString() });
  }
  const idempotencyAt = context.hasSlot ? 3 : 0;
  const idempotencyRecord = context.hasIdempotency ? rest[idempotencyAt] : undefined;
  if (idempotencyRecord?.conditionFailed) return new DomainError('IDEMPOTENCY_KEY_IN_PROGRESS');
  // Media deleted or expired between the check and the write.
  const mediaReasons = rest.slice(idempotencyAt + (context.hasIdempotency ? 1 : 0));
  const gone = context.media.find((_, index) => mediaReasons[index]?.conditionFailed);
  if (gone !== undefined) return new DomainError('MEDIA_NOT_FOUND', {}, { message: `Media ${gone} not found` });
  return error;
}
