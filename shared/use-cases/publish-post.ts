import { randomUUID } from 'node:crypto';
import { config } from '#shared/config';
import {
  MAX_IN_FUNCTION_WAIT_MS,
  MAX_QUEUE_DELAY_SECONDS,
  queueDelaySeconds,
  scheduledTrigger,
  type PublishTrigger,
} from '#shared/domain/publish-timing';
import { backoffDelayMs } from '#shared/domain/retry-backoff';
import { finalStatus, lastPublishedAt } from '#shared/domain/final-status';
import { textFor } from '#shared/domain/platform-content';
import { postEventType } from '#shared/domain/webhook-events';
import type { Platform } from '#shared/domain/platforms';
import { logger } from '#shared/logger';
import { recordPlatformResultMetric, recordPublishLatenessMetric } from '#shared/metrics';
import { clock } from '#shared/ports/clock';
import { publishQueue } from '#shared/ports/registry';
import type { PublishImage, PublishOutcome } from '#shared/platforms/publisher';
import { objectStorage } from '#shared/ports/registry';
import { buildLinkCard, type LinkCard } from '#shared/platforms/link-cards/link-card';
import { platformPublisher } from '#shared/platforms/registry';
import { claimPlatform, claimScheduledPost, finalizePost, markDispatching, recordPlatformResult } from '#shared/store/post-publication';
import { versionOf, type PlatformResult, type Post } from '#shared/domain/post';
import { getPostItem } from '#shared/store/posts';
import { getProfileItem, toPlatformProfile } from '#shared/store/profiles';
import { announce, markProfileNeedsReconnect, postFinishedEvent } from './webhooks/events';
import { subscribedTo } from './webhooks/subscriptions';
import { startMetricsCollection } from './metrics/post-metrics';
import { noteInboxActivity } from './inbox/post-index';
import { keepRenewal } from './profile-renewal';
import { withStoreRetries } from './store-retries';
import { finishFirstComments, firstCommentsSettled, publishFirstComment } from './first-comment';
import { isVideoMedia, videoFor } from './publish-video';
import { cardLinkOf, prepareLinkCards, preparedCard } from './link-card-prep';
import { trackPostLinks } from './links/track-post-links';
import { continueSeries } from './series/continue-series';
import { publishOptionsFor } from './publish-options';

/**
 * What a run leaves undone: platforms another run claimed and has not finished. Whoever delivers
 * the trigger (the queue, the local scheduler) runs it again later: if that other run died, its
 * claim's lease ends and the next run takes the platform over; if it lives, the post is final by then.
 */
export interface PublishRun {
  heldElsewhereUntil?: Date;
  /** How late this run's first platform call started after the post was due; unset when it made none. */
  latenessMs?: number;
}

/**
 * A platform claim older than this was left by a crashed invocation (the Lambda times out well
 * before; PUBLISH_CLAIM_LEASE_MS, 5 minutes unless set).
 */
export const claimLeaseMs = (): number => config.publishing.claimLeaseMs;
/** Posts this far ahead are not this trigger's business: its own schedule releases it later. */
const MAX_REQUEUE_MS = MAX_QUEUE_DELAY_SECONDS * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Publishes a post (docs/api.md, "Publishing guarantees"): claims it, publishes each pending platform
 * independently under its own claim, records each result, then sets the final status.
 * Safe to run twice at once, again after a crash, or for a post deleted meanwhile. Never waits
 * for the post's time beyond a second: a trigger that comes earlier goes back on the queue.
 */
export async function publishPost(trigger: PublishTrigger): Promise<PublishRun> {
  const postId = trigger.post_id;
  if (trigger.prepare) return done(await prepareLinkCards(trigger));
  let post = await getPostItem(postId);
  if (!post) return done(logger.info('post gone before publishing (deleted)', { post_id: postId }));
  logger.appendKeys({ post_id: postId, account_id: post.account_id });

  if (post.status === 'scheduled') {
    if (trigger.due_at !== undefined && Date.parse(trigger.due_at) !== Date.parse(post.post_time)) {
      return done(logger.info('trigger superseded: the post was moved since', { due_at: trigger.due_at, post_time: post.post_time }));
    }
    if (trigger.version !== undefined && trigger.version !== versionOf(post)) {
      return done(
        logger.info('trigger superseded: the post was edited since', { trigger_version: trigger.version, version: versionOf(post) }),
      );
    }
    const wait = Date.parse(post.post_time) - clock.now().getTime();
    if (wait > MAX_IN_FUNCTION_WAIT_MS) return done(await requeueEarly(post, wait));
    if (wait > 0) await sleep(wait);
    // Conditional on the time and version read: an edit landing meanwhile wins, and its own trigger publishes.
    const claimed = await claimScheduledPost(postId, post.post_time, versionOf(post));
    if (claimed) {
      post = claimed;
    } else {
      post = await getPostItem(postId);
      if (!post || post.status !== 'publishing')
        return done(logger.info('post no longer scheduled at this time; nothing to do', { status: post?.status ?? 'deleted' }));
    }
  } else if (post.status !== 'publishing') {
    return done(logger.info('post already final; nothing to do', { status: post.status }));
  }

  const current = post;
  const cards: RunCards = new Map();
  // This run's claims carry its own id: a claim write repeated after a lost answer is still ours.
  const claimId = randomUUID();
  const lateness = latenessProbe(current);
  const runs = await Promise.all(current.platforms.map((platform) => publishToPlatform(current, platform, { cards, claimId, lateness })));
  const recorded = runs.map((run) => run.recorded);
  // The write that recorded the last result (in whichever run) saw every result final:
  // that run finalises from the item it got back, with no re-read.
  let complete = recorded.find((item) => item !== undefined && allResultsFinal(item));
  if (!complete && recorded.every((item) => item === undefined)) {
    // Nothing was ours to publish: a run that crashed after its last result may have left the status.
    const reread = await getPostItem(postId);
    if (reread && allResultsFinal(reread)) complete = reread;
  }
  if (!complete) {
    // First comments a crashed run left after its post went out (docs/api.md, "First comment").
    const swept = await finishFirstComments(postId, claimId, claimLeaseMs());
    runs.push(...swept.runs);
    complete = [swept.post, ...swept.runs.map((run) => run.recorded)].find((item) => item !== undefined && allResultsFinal(item));
  }
  if (complete) {
    const finished = complete;
    await withStoreRetries('finalize-post', () => finalize(finished));
    // A series' next occurrence, now that this one is out (the series tick is the backstop).
    if (finished.series_id) await continueSeries(finished.account_id, finished.series_id);
    return { latenessMs: lateness.ms() };
  }
  const heldSince = runs
    .map((run) => run.heldSince)
    .filter((since): since is string => since !== undefined)
    .sort()[0];
  if (heldSince === undefined) return { latenessMs: lateness.ms() };
  const heldElsewhereUntil = new Date(Date.parse(heldSince) + claimLeaseMs());
  logger.info('platforms claimed by another run; to be checked again when its lease ends', {
    held_until: heldElsewhereUntil.toISOString(),
  });
  return { heldElsewhereUntil, latenessMs: lateness.ms() };
}

/** A run that ends early with a log line and leaves nothing to another run: `return done(logger.info(…))`. */
const done = (_logged: void): PublishRun => ({});

/**
 * A trigger ahead of its post (one made before an upgrade, or a clock running behind): queued
 * again for the post's own time instead of waiting here. Further ahead than the queue can hold
 * means the post's own schedule is still to come.
 */
async function requeueEarly(post: Post, waitMs: number): Promise<void> {
  if (waitMs > MAX_REQUEUE_MS) return logger.warn('publisher triggered long before the post is due; ignored', { wait_ms: waitMs });
  const delaySeconds = queueDelaySeconds(new Date(post.post_time), clock.now());
  await (await publishQueue()).send(scheduledTrigger(post.id, new Date(post.post_time), versionOf(post)), delaySeconds);
  logger.info('publisher triggered early; queued again for the post time', { wait_ms: waitMs, delay_seconds: delaySeconds });
}

/** Whether publishing the same post again is harmless: Bluesky's record key is derived from the post, a repeat collides. */
const REPEATABLE: Record<Platform, boolean> = { bluesky: true, linkedin: false };

const allResultsFinal = (post: Post): boolean =>
  post.platforms.every((platform) => ['published', 'failed'].includes(post.results[platform]?.status ?? 'pending')) &&
  firstCommentsSettled(post);

/** What the platforms of one run share: its link cards, its claim id, its lateness. */
interface RunShared {
  cards: RunCards;
  claimId: string;
  lateness: LatenessProbe;
}

/**
 * Lateness as the promise counts it (docs/decisions/0034-publish-lateness-metric.md): from the post's due
 * time (scheduled_for, or its creation for an immediate post) to the start of this run's first
 * platform call. Measured once per run and emitted as the PublishLateness metric; a run that calls
 * no platform (the post already final, every platform held elsewhere) emits nothing.
 */
interface LatenessProbe {
  callStarting(): void;
  ms(): number | undefined;
}

function latenessProbe(post: Post): LatenessProbe {
  let latenessMs: number | undefined;
  return {
    callStarting: () => {
      if (latenessMs !== undefined) return;
      latenessMs = clock.now().getTime() - Date.parse(post.post_time);
      recordPublishLatenessMetric(latenessMs);
    },
    ms: () => latenessMs,
  };
}

/** Publishes one platform under its claim; returns the post as recorded, or nothing when another run holds the claim. */
async function publishToPlatform(post: Post, platform: Platform, run: RunShared): Promise<{ recorded?: Post; heldSince?: string }> {
  const { claimId } = run;
  const now = clock.now();
  const claim = await withStoreRetries('claim-platform', () =>
    claimPlatform(post.id, platform, now, new Date(now.getTime() - claimLeaseMs()), claimId),
  );
  if (claim.outcome === 'not-ours') return { heldSince: claim.heldSince };
  let outcome: PublishOutcome;
  if (claim.outcome === 'reclaimed-after-crash' && claim.dispatched && !REPEATABLE[platform]) {
    // The crashed attempt may have posted; LinkedIn has no way to ask. Never risk a double post.
    outcome = {
      ok: false,
      code: 'PLATFORM_OUTCOME_UNKNOWN',
      message: 'A previous attempt stopped mid-publish; the post may or may not be on LinkedIn',
      retryable: false,
    };
  } else {
    // Before a call that cannot be repeated safely, the mark that it may have happened (fails when the claim was taken over).
    if (!REPEATABLE[platform]) await withStoreRetries('mark-dispatching', () => markDispatching(post.id, platform, claimId, clock.now()));
    outcome = await publishWithRetries(post, platform, run);
  }
  const result: PlatformResult = outcome.ok
    ? {
        status: 'published',
        url: outcome.url,
        platform_post_id: outcome.platformPostId,
        published_at: clock.now().toISOString(),
        error: null,
      }
    : { status: 'failed', url: null, platform_post_id: null, published_at: null, error: { code: outcome.code, message: outcome.message } };
  const recorded = await withStoreRetries('record-platform-result', () => recordPlatformResult(post.id, platform, result, claimId));
  recordPlatformResultMetric(platform, result.status === 'published' ? 'published' : 'failed', result.error?.code);
  logger.info('platform result', { platform, result: result.status, error_code: result.error?.code, url: result.url });
  // Right after the post: its first comment, if it has one there.
  const comment = await publishFirstComment(recorded, platform, claimId, claimLeaseMs());
  return { recorded: comment.recorded ?? recorded, heldSince: comment.heldSince };
}

async function publishWithRetries(post: Post, platform: Platform, { cards, lateness }: RunShared): Promise<PublishOutcome> {
  const item = await getProfileItem(post.account_id, platform);
  if (!item) return { ok: false, code: 'PROFILE_DISCONNECTED', message: `No ${platform} profile is connected`, retryable: false };
  let profile = toPlatformProfile(item);
  const publisher = await platformPublisher(platform);
  let images: PublishImage[];
  try {
    images = await imagesFor(post, platform);
  } catch (error) {
    logger.error('post images unreadable', { platform, error: error as Error });
    return { ok: false, code: 'PLATFORM_UNAVAILABLE', message: 'An image of the post could not be read from storage', retryable: false };
  }
  const video = videoFor(post, platform);
  const options = publishOptionsFor(post, platform);
  const card = images.length || video ? undefined : await linkCardFor(post, platform, cards);
  // Links as tracked short links when the post tracks them, the same codes on every attempt (./links/track-post-links.ts).
  const { content, linkCard } = await withStoreRetries('track-links', () => trackPostLinks(post, platform, textFor(post, platform), card));
  const { maxAttempts } = config.publishing;
  for (let attempt = 1; ; attempt += 1) {
    let outcome: PublishOutcome;
    lateness.callStarting();
    try {
      const answered = await publisher.publish({
        postId: post.id,
        accountId: post.account_id,
        content,
        postTime: new Date(post.post_time),
        profile,
        attempt,
        linkCard,
        images,
        ...(video ? { video } : {}),
        ...(options ? { options } : {}),
      });
      // The session the call renewed is stored now, and the next attempt goes with it.
      ({ profile, outcome } = await keepRenewal(profile, answered, post.id));
    } catch (error) {
      // Adapters classify failures; anything thrown is a bug we must not retry blindly.
      logger.error('adapter threw', { platform, error: error as Error });
      outcome = { ok: false, code: 'PLATFORM_OUTCOME_UNKNOWN', message: 'Unexpected error while publishing', retryable: false };
    }
    if (outcome.ok || !outcome.retryable || attempt >= maxAttempts) {
      if (!outcome.ok && outcome.code === 'PLATFORM_AUTH_EXPIRED') await markProfileNeedsReconnect(item);
      return outcome;
    }
    const delay = backoffDelayMs(attempt, config.publishing, outcome.retryAfterSeconds);
    logger.warn('retrying platform', { platform, attempt, delay_ms: delay, error_code: outcome.code });
    await sleep(delay);
  }
}

/** The post's images as this platform's variants, read from object storage. */
async function imagesFor(post: Post, platform: Platform): Promise<PublishImage[]> {
  if (!post.media?.length) return [];
  const storage = await objectStorage();
  return Promise.all(
    post.media
      .filter((media) => !isVideoMedia(media))
      .map(async (media) => {
        const variant = media.variants[platform];
        const bytes = await storage.read(variant.key, variant.size_bytes);
        if (!bytes) throw new Error(`the ${platform} variant of media ${media.id} is missing`);
        return { bytes, contentType: variant.content_type, width: variant.width, height: variant.height, altText: media.alt_text };
      }),
  );
}

/** Link cards of one run, by link: platforms whose texts share their first link share one fetch. */
type RunCards = Map<string, Promise<LinkCard | undefined>>;

/**
 * The card of the text's first link, unless the post turned cards off: the one prepared before the
 * due time (./link-card-prep.ts), or, when none was (an immediate post, which has no due time to be
 * late against; a preparation lost or not yet run), made now.
 */
function linkCardFor(post: Post, platform: Platform, cards: RunCards): Promise<LinkCard | undefined> {
  const link = cardLinkOf(post, platform);
  if (!link) return Promise.resolve(undefined);
  if (!cards.has(link)) cards.set(link, cardOf(post.id, link));
  return cards.get(link)!;
}

async function cardOf(postId: string, link: string): Promise<LinkCard | undefined> {
  const prepared = await preparedCard(postId, link);
  if (prepared) return prepared.card;
  logger.info('no prepared link card; making it now', { link });
  return buildLinkCard(link);
}

/** Sets the final status of a post whose every platform has its result. */
async function finalize(post: Post): Promise<void> {
  if (post.status !== 'publishing') return;
  const results = post.platforms.map((platform) => post.results[platform] as PlatformResult);
  const status = finalStatus(results);
  const publishedAt = lastPublishedAt(results);
  // Recorded only when an endpoint of the account wants it (the lean outbox, docs/decisions/0173-a-lean-webhook-outbox.md).
  const wanted = await subscribedTo(post.account_id, postEventType(status));
  const finished = wanted ? postFinishedEvent(post, status, publishedAt) : undefined;
  if (await finalizePost(post, status, publishedAt, finished)) {
    logger.info('post finished', { status, webhook_event: finished !== undefined });
    if (finished) announce(finished);
    await startMetricsCollection(post);
    await noteInboxActivity(post);
  }
}
