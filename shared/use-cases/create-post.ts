import { nextAvailable, spacingBucket } from '#shared/domain/linkedin-spacing';
import { checkPlatformContent, type PlatformContent } from '#shared/domain/platform-content';
import { checkFirstComment, firstCommentFields, type FirstCommentFields } from '#shared/domain/first-comment';
import { newId } from '#shared/domain/ids';
import { monthlyLimit } from '#shared/domain/plans';
import { pendingResult, toPostView, type PostView } from '#shared/domain/post-view';
import { parseScheduledFor } from '#shared/domain/scheduled-time';
import { usageMonth, usageView, type Usage, type UsageMonth } from '#shared/domain/usage-month';
import { isTransientDependencyError } from '#shared/store/dependency-errors';
import { DomainError } from '#shared/domain/errors';
import { type Platform } from '#shared/domain/platforms';
import { logger } from '#shared/logger';
import { isConnectedProfile } from '#shared/domain/profile-author';
import { clock } from '#shared/ports/clock';
import { scheduler } from '#shared/ports/registry';
import { completeIdempotencyRecordItem } from '#shared/store/idempotency-records';
import { postingContextFor } from './posts-batch/posting-session';
import { versionOf, type Post, type PostCreator } from '#shared/domain/post';
import { requireWriteUnlessDraft, type Caller } from '#shared/domain/drafts';
import type { AuditActor, AuditEvent } from '#shared/domain/audit';
import { auditItemKey, auditPutItem } from '#shared/store/audit-log';
import { replacePostItem, restorePostItem } from '#shared/store/post-changes';
import { postCreator } from './drafts/post-creator';
import { saveDraft } from './drafts/save-draft';
import { getPostItem, putNewPostItem, writeTransaction } from '#shared/store/posts';
import { claimSpacingSlotItems, spacingTimesFrom } from '#shared/store/spacing-slots';
import { cancellationReasons, isTransactionConflict } from '#shared/store/transaction-errors';
import { incrementUsageItem } from '#shared/store/usage-counters';
import { attachMediaItem } from '#shared/store/media';
import { resolvePostMedia } from './post-media';
import { preparePlatformOptions } from './platform-options';
import { resolveBlueskyRefs } from './bluesky-references';
import type { PlatformOptions } from '#shared/domain/platform-options';
import { inQueueSlot, QueueSlotTaken, type QueuedTime } from './queue/queue-slots';
import { rollBackCreation } from './post-rollback';
import { retryOnConflict, withStoreRetries } from './store-retries';
import { readRepeatRule, type RepeatRequest } from '#shared/domain/repeat-rule';
import { beginSeries } from './series/start-series';

export interface NewPost extends FirstCommentFields {
  content: string;
  platform_content?: PlatformContent;
  platforms: Platform[];
  scheduled_for?: string | null;
  /** false: no link card (docs/api.md, "Per-platform text, preview and link cards"). */
  link_preview?: boolean;
  /** Ids of ready media (docs/api.md, "Media"). */
  media?: string[];
  /** Tracked links (docs/api.md, "Tracked links"); absent: the account's setting at publication. */
  track_links?: boolean;
  utm_campaign?: string;
  /** true: a draft (docs/api.md, "Drafts"): kept, never counted, spaced or published until scheduled. */
  draft?: boolean;
  /** true: at the first free slot of the posting queue (docs/api.md, "Posting queue"). */
  queue?: boolean;
  /** A series of posts beginning with this one (docs/api.md, "Repeating posts (series)"). */
  repeat?: RepeatRequest;
  /** true: may be queued again by the queue's recycling (docs/api.md, "Evergreen recycling"). */
  evergreen?: boolean;
  /** Options per platform beyond the text (docs/api.md, "Platform options"). */
  platform_options?: PlatformOptions;
}

/**
 * How a post made by the service itself differs from one a client asks for: a series' next
 * occurrence or a recycled evergreen post (shared/use-cases/series/). Its id is derived, so a
 * second attempt meets the first one's post (`duplicate` is then thrown instead of an error).
 */
export interface MadeByService {
  id: string;
  createdBy?: PostCreator;
  fields: Pick<Post, 'series_id' | 'series_index' | 'recycled_from'>;
  /** Thrown when the post already exists (made by an earlier attempt). */
  duplicate: () => unknown;
  /** With queue: true, the first free slot at or after this instant (a later occurrence's own time). */
  queueFrom?: Date;
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
 * A draft (docs/api.md, "Drafts") stops after the media: saved, not counted; only it is open to a `draft` key.
 */
export async function createPost(
  accountId: string,
  input: NewPost,
  idempotency: IdempotencyClaim | undefined,
  caller: Caller,
  made?: MadeByService,
): Promise<CreatedPost> {
  requireWriteUnlessDraft(caller.scope, input.draft === true);
  const createdBy = made?.createdBy ?? (await postCreator(accountId, caller));
  // Real DynamoDB cancels a transaction that races another on the same items: read and try again.
  const create = (queued?: QueuedTime) =>
    retryOnConflict(1 + MAX_CONFLICT_RETRIES, 'post creation kept conflicting', () =>
      attemptCreation(accountId, input, idempotency, { createdBy, actor: caller.actor }, queued, made),
    );
  if (input.queue && input.draft === true) {
    // A draft has no time yet: it takes its slot when scheduled (docs/api.md, "Drafts").
    throw new DomainError(
      'INVALID_FIELD',
      { field: 'queue' },
      { message: 'A draft takes its queue slot when scheduled: POST /posts/{id}/schedule with queue: true' },
    );
  }
  // A queued post's time is chosen where a scheduled_for would be checked; a slot taken meanwhile: the next one.
  return input.queue ? inQueueSlot(accountId, input, create, made?.queueFrom) : create();
}

async function attemptCreation(
  accountId: string,
  input: NewPost,
  idempotency: IdempotencyClaim | undefined,
  { createdBy, actor }: { createdBy: PostCreator; actor: AuditActor },
  queued?: QueuedTime,
  made?: MadeByService,
): Promise<CreatedPost> {
  const now = clock.now();
  const platforms = [...new Set(input.platforms)];
  checkPlatformContent(platforms, input.platform_content);
  checkFirstComment(platforms, input);
  const scheduledFor = queued ? queued.time : parseScheduledFor(input.scheduled_for, now);
  const media = await resolvePostMedia(accountId, input.media);
  const draft = input.draft === true;
  // A draft's Bluesky references are looked up when it goes out (the publisher), not now.
  const options = await preparePlatformOptions(
    accountId,
    platforms,
    input.platform_options,
    media.length,
    draft ? undefined : resolveBlueskyRefs,
  );
  const postTime = scheduledFor ?? now;
  const toLinkedIn = !draft && platforms.includes('linkedin');
  let post: Post = {
    id: made?.id ?? newId(),
    account_id: accountId,
    content: input.content,
    ...(input.platform_content && Object.keys(input.platform_content).length ? { platform_content: input.platform_content } : {}),
    ...(input.link_preview === false ? { link_preview: false as const } : {}),
    ...(typeof input.track_links === 'boolean' ? { track_links: input.track_links } : {}),
    ...(input.utm_campaign ? { utm_campaign: input.utm_campaign } : {}),
    ...firstCommentFields(input),
    ...(media.length ? { media: media.map((one) => ({ ...one, expires_at: null })) } : {}),
    ...options,
    platforms,
    status: draft ? 'draft' : scheduledFor ? 'scheduled' : 'publishing',
    scheduled_for: scheduledFor?.toISOString() ?? null,
    created_at: now.toISOString(),
    published_at: null,
    results: Object.fromEntries(platforms.map((platform) => [platform, pendingResult()])),
    post_time: postTime.toISOString(),
    spacing_bucket: toLinkedIn ? spacingBucket(postTime) : undefined,
    created_by: createdBy,
    ...(queued ? { queue_slot_ms: queued.time.getTime() } : {}),
    ...(input.evergreen ? { evergreen: true as const } : {}),
    ...made?.fields,
  };
  logger.appendKeys({ post_id: post.id });
  const attachMedia = [...media.map((one) => one.id), ...(options.linkedin_document ? [options.linkedin_document.id] : [])];
  // A draft keeps its repeat rule (checked now) until it is scheduled; its series begins then.
  if (draft && input.repeat) {
    readRepeatRule(input.repeat, postTime, now);
    post = { ...post, repeat: input.repeat };
  }
  // Recorded in the creation's own transaction (docs/api.md, "Audit trail").
  const audit: AuditEvent = {
    actor,
    action: 'post.created',
    target: { type: 'post', id: post.id },
    version: 1,
    details: { status: post.status, ...(made?.fields.series_id ? { series_id: made.fields.series_id } : {}) },
  };
  // A draft is kept as it is: no connection, limit or spacing check, nothing counted or handed over.
  if (draft) return saveDraft(post, now, attachMedia, idempotency, audit);
  const series = input.repeat ? await beginSeries(post, input.repeat, now) : undefined;
  if (series) post = series.post;
  const write = putNewPostItem(post);
  return countAndHandOver(post, now, {
    write,
    audit,
    refused: made ? () => made.duplicate() : undefined,
    alongside: series ? [series.write] : undefined,
    attachMedia,
    idempotency,
    queueClaim: queued?.claimItem(post.id),
    answer: (created) => ({ statusCode: 201, body: created }),
  });
}

/** How a post starts publishing: its own write, and what the request answers (docs/api.md, "Drafts" schedules one this way). */
export interface PostStart {
  /** The post's write: a new post, or the draft it replaces (conditional on still being that draft). */
  write: ReturnType<typeof putNewPostItem> | ReturnType<typeof replacePostItem>;
  /** The error when that write's condition fails, from the item as it was (a new post's never does). */
  refused?(current: Record<string, unknown> | undefined): unknown;
  /** Puts the post back if the hand-over fails (default: the new post is deleted). */
  undo?: ReturnType<typeof restorePostItem>;
  /** Ids of media to mark as used by the post. */
  attachMedia: string[];
  /** The audit entry of this start (created, or approved), written in its transaction (docs/api.md, "Audit trail"). */
  audit: AuditEvent;
  /** Items written with the post (a series beginning with it), after the media marks. */
  alongside?: Parameters<typeof writeTransaction>[0];
  /** The claim of the post's queue slot (docs/api.md, "Posting queue"), written last in the transaction. */
  queueClaim?: ReturnType<QueuedTime['claimItem']>;
  idempotency?: IdempotencyClaim;
  /** The answer the idempotency-key replays. */
  answer(created: CreatedPost): { statusCode: number; body: unknown };
}

/**
 * The checks of docs/api.md, "Posts" from PLATFORMS_NOT_CONNECTED on, then one transaction that
 * writes the post, counts it, claims its LinkedIn slot, completes the idempotency record and marks
 * its media used, so no path leaves one without the others. Then the post is handed to the
 * scheduler (or the publisher, when immediate); if that fails the write is undone.
 */
export async function countAndHandOver(post: Post, now: Date, start: PostStart): Promise<CreatedPost> {
  const { account_id: accountId, platforms } = post;
  const { idempotency } = start;
  const month = usageMonth(now);
  // Read once per batch request (docs/decisions/0043-bulk-creation.md); a fresh read for a single post.
  const context = await postingContextFor(accountId, month.month);
  if (!context.account) throw new DomainError('INVALID_API_KEY');
  // A LinkedIn page connection without its page picked is not connected yet (docs/api.md, "LinkedIn pages").
  const missing = platforms.filter((platform) => !isConnectedProfile(context.profiles[platform]));
  if (missing.length) throw new DomainError('PLATFORMS_NOT_CONNECTED', { missing_platforms: missing });
  const limit = monthlyLimit(context.account);
  if (context.used >= limit) throw monthlyLimitExceeded(limit, context.used, month);

  const postTime = new Date(post.post_time);
  const toLinkedIn = post.spacing_bucket !== undefined;
  const created: CreatedPost = { post: toPostView(post), usage: usageView(limit, context.used + 1, month) };
  const answer = start.answer(created);
  const audit = auditPutItem(accountId, start.audit, now);

  try {
    await writeTransaction([
      start.write,
      incrementUsageItem(accountId, month.month, limit),
      ...(post.spacing_bucket !== undefined ? claimSpacingSlotItems(accountId, post.spacing_bucket, post.id, postTime.getTime()) : []),
      ...(idempotency
        ? [completeIdempotencyRecordItem(idempotency.recordKey, idempotency.token, answer.statusCode, JSON.stringify(answer.body))]
        : []),
      // Last, so the positions explainCancelledCreation reads stay put.
      ...start.attachMedia.map((mediaId) => attachMediaItem(accountId, mediaId, post.id, now)),
      // After the media marks and before the queue claim: neither's position moves.
      ...(start.alongside ?? []),
      // Unconditional, so it never explains a cancellation; before the queue claim, which must stay last.
      audit,
      // The queue slot claim goes last of all (explainCancelledCreation reads it there).
      ...(start.queueClaim ? [start.queueClaim] : []),
    ]);
  } catch (error) {
    // A store fault may hide a commit (the answer lost after the write, the store stopping under it):
    // the post item says which. Committed, the creation goes on to its hand-over like any other.
    if (!(isTransientDependencyError(error) && (await committedAfterAll(post)))) {
      throw await explainCancelledCreation(error, {
        accountId,
        limit,
        month,
        postTime,
        hasSlot: toLinkedIn,
        media: start.attachMedia,
        hasIdempotency: !!idempotency,
        refused: start.refused,
        queued: !!start.queueClaim,
      });
    }
    logger.warn('creation transaction failed but had committed; carrying on', { error_name: (error as Error).name });
  }

  try {
    await handOver(post);
  } catch (error) {
    await rollBackCreation(post, month.month, idempotency, start.undo, auditItemKey(audit));
    throw error;
  }
  if (idempotency) idempotency.settled = true;
  return created;
}

/** Whether the post of a creation whose transaction failed was written after all (unknown when the store does not answer: no). */
async function committedAfterAll(post: Post): Promise<boolean> {
  try {
    const stored = await withStoreRetries('read-back-creation', () => getPostItem(post.id));
    return stored !== undefined && stored.status !== 'draft' && versionOf(stored) >= versionOf(post);
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
  if (post.status === 'scheduled' && post.scheduled_for) await handOver(post);
  else if (post.status === 'publishing' && post.platforms.every((platform) => post.results[platform]?.status === 'pending'))
    await handOver(post);
}

/** A new (or newly scheduled) post to the scheduler for its time, or to the publisher now. */
async function handOver(post: Post): Promise<void> {
  const postScheduler = await scheduler();
  if (post.status === 'scheduled' && post.scheduled_for)
    await postScheduler.schedule(post.id, new Date(post.scheduled_for), versionOf(post) || undefined);
  else await postScheduler.publishNow(post.id);
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
    refused?: PostStart['refused'];
    queued?: boolean;
  },
): Promise<unknown> {
  const reasons = cancellationReasons(error);
  if (!reasons || isTransactionConflict(reasons)) return error;
  const [written, counter, ...rest] = reasons;
  if (written?.conditionFailed && context.refused) return context.refused(written.item);
  if (counter?.conditionFailed) {
    return monthlyLimitExceeded(context.limit, Number(counter.item?.used ?? context.limit), context.month);
  }
  const slots = context.hasSlot ? rest.slice(0, 3) : [];
  // A queued post whose slot, or whose LinkedIn spacing, was taken meanwhile moves on to the next free slot.
  const queueClaim = context.queued ? reasons[reasons.length - 1] : undefined;
  if (queueClaim?.conditionFailed || (context.queued && slots.some((reason) => reason.conditionFailed))) {
    return new QueueSlotTaken(!!queueClaim?.conditionFailed);
  }
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
