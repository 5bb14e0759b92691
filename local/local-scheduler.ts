import { randomUUID } from 'node:crypto';
import { PUBLISH_MAX_RECEIVES } from '#shared/domain/publish-redelivery';
import { preparationOf, RELEASE_LEAD_MS, scheduledTrigger, type PublishTrigger } from '#shared/domain/publish-timing';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import type { PublishQueue } from '#shared/ports/publish-queue';
import type { PostScheduler } from '#shared/ports/scheduler';
import { scanPostsAwaitingPublication } from '#shared/store/posts';
import { withStoreRetries } from '#shared/use-cases/store-retries';

/**
 * The local stand-in for EventBridge Scheduler and the publish queue: keeps each post's due time
 * and trigger in memory and runs the publisher when the clock port reaches it (checked every
 * `tickMs`, so a moved test clock is noticed too). Locally nothing fires early, so there is no
 * release step: a scheduled post is handed over at its time. Durable because the posts themselves
 * are the record: on start every scheduled or half-published post is found again in the store, so
 * a restart loses nothing. Like Scheduler and SQS, it holds one trigger per post version: an edit's
 * new trigger lives beside the old one until that is cancelled (or fires and finds itself stale).
 * Like the queue, it delivers a trigger whose run failed again later (the store was unavailable,
 * or another run held a platform): when the publisher asked for it through `redeliverIn` (as it
 * changes an SQS message's visibility), otherwise after a growing delay standing in for the
 * visibility timeout; after PUBLISH_MAX_RECEIVES deliveries it dead-letters it (`deadLetters`).
 */
/** One delivery of a trigger to the publisher, as an SQS record carries it. */
export interface LocalDelivery {
  receiptHandle: string;
  receiveCount: number;
}

export class LocalScheduler implements PostScheduler, PublishQueue {
  /** Keyed by post id and version (`dueKey`). */
  private readonly due = new Map<string, { at: number; trigger: PublishTrigger; receives?: number }>();
  private readonly running = new Set<Promise<void>>();
  private readonly recurring: { everyMs: number; next: number; job: () => Promise<void>; busy: boolean }[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Deliveries under way, by receipt handle: when the publisher asked to see each again (ms from its request). */
  private readonly inFlight = new Map<string, { redeliverAt?: number }>();
  /** Triggers given up after their last delivery, as SQS dead-letters them (the post stays in the store). */
  readonly deadLetters: { trigger: PublishTrigger; receives: number }[] = [];

  constructor(
    private readonly publish: (trigger: PublishTrigger, delivery: LocalDelivery) => Promise<void>,
    private readonly tickMs = 100,
  ) {}

  /** Finds the posts awaiting publication in the store, then starts ticking. */
  async start(): Promise<number> {
    // A store briefly unavailable at start (throttled, restarting) must not cost the recovery.
    const pending = await withStoreRetries('scan-posts-awaiting-publication', () => scanPostsAwaitingPublication());
    for (const post of pending) {
      // A post caught mid-publication by a stop is published again: the publisher's
      // per-platform claims make that safe.
      if (post.status === 'publishing') this.due.set(dueKey(post.id), { at: 0, trigger: { post_id: post.id } });
      else await this.schedule(post.id, new Date(post.post_time), post.version);
    }
    this.startTicking();
    return pending.length;
  }

  /** Starts handing over what falls due (start() does it after recovering the store's posts). */
  startTicking(): void {
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
    this.tick();
  }

  async schedule(postId: string, at: Date, version = 0): Promise<void> {
    const trigger = scheduledTrigger(postId, at, version);
    this.hold(trigger, at.getTime());
    // Its link card, prepared when AWS's release step would prepare it (shared/use-cases/link-card-prep.ts).
    this.hold(preparationOf(trigger), Math.min(at.getTime(), Math.max(clock.now().getTime(), at.getTime() - RELEASE_LEAD_MS)));
  }

  async cancel(postId: string, version = 0): Promise<void> {
    this.due.delete(dueKey(postId, version));
    this.due.delete(dueKey(postId, version, true));
  }

  async publishNow(postId: string): Promise<void> {
    // Tracked, so that a stop right after the hand-over waits for the run instead of leaving it behind.
    const handOver = new Promise<void>((resolve) => setImmediate(() => resolve(this.run({ post_id: postId }))));
    this.running.add(handOver);
    void handOver.finally(() => this.running.delete(handOver));
  }

  /** The publish queue's side: the trigger runs the publisher `delaySeconds` from now (clock port). */
  async send(trigger: PublishTrigger, delaySeconds: number): Promise<void> {
    this.hold(trigger, clock.now().getTime() + delaySeconds * 1000);
  }

  /** As SQS ChangeMessageVisibility: a delivery under way that fails comes back `seconds` from now (clock port). */
  /** Nothing to hold: a local delivery is never handed to a second run while its run lives, and no timeout frees it early. */
  async holdFor(receiptHandle: string): Promise<void> {
    if (!this.inFlight.has(receiptHandle)) throw new Error(`No delivery under way with receipt handle ${receiptHandle}`);
  }

  async redeliverIn(receiptHandle: string, seconds: number): Promise<void> {
    const delivery = this.inFlight.get(receiptHandle);
    if (!delivery) throw new Error(`No delivery under way with receipt handle ${receiptHandle}`);
    delivery.redeliverAt = clock.now().getTime() + seconds * 1000;
  }

  /**
   * A recurring schedule's stand-in (the daily expiry sweep): runs `job` at the next tick, then
   * every `everyMs` of the clock port, never twice at once. Not persisted: a start runs it again.
   */
  every(everyMs: number, job: () => Promise<void>): void {
    this.recurring.push({ everyMs, next: clock.now().getTime(), job, busy: false });
  }

  /** Whether a post is waiting for its time here, in any version (tests, diagnostics). */
  isScheduled(postId: string): boolean {
    return [...this.due.values()].some(({ trigger }) => trigger.post_id === postId && !trigger.prepare);
  }

  private hold(trigger: PublishTrigger, at: number): void {
    this.due.set(dueKey(trigger.post_id, trigger.version, trigger.prepare), { at, trigger });
  }

  /**
   * Hands over at once whatever is due by the clock port, then waits until no run is under way
   * (tests: after moving the clock, everything due has happened, with no sleep).
   */
  async settle(): Promise<void> {
    this.tick();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Stops ticking and waits for publications under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private tick(): void {
    const now = clock.now().getTime();
    for (const [key, { at, trigger, receives }] of this.due) {
      if (at > now) continue;
      this.due.delete(key);
      this.run(trigger, receives);
    }
    for (const entry of this.recurring) {
      if (entry.busy || entry.next > now) continue;
      entry.next = now + entry.everyMs;
      entry.busy = true;
      const run = entry
        .job()
        .catch((error: unknown) => logger.error('local recurring job failed', { error: error as Error }))
        .finally(() => {
          entry.busy = false;
          this.running.delete(run);
        });
      this.running.add(run);
    }
  }

  private run(trigger: PublishTrigger, receives = 1): void {
    const receiptHandle = randomUUID();
    const delivery = {};
    this.inFlight.set(receiptHandle, delivery);
    const publication = this.publish(trigger, { receiptHandle, receiveCount: receives })
      .catch((error: unknown) => this.redeliver(trigger, receives, error, this.inFlight.get(receiptHandle)?.redeliverAt))
      .finally(() => {
        this.inFlight.delete(receiptHandle);
        this.running.delete(publication);
      });
    this.running.add(publication);
  }

  /** The queue's redelivery: the same trigger again when asked (or after a growing delay), unless a newer one is held. */
  private redeliver(trigger: PublishTrigger, receives: number, error: unknown, askedAt: number | undefined): void {
    if (this.timer === undefined) {
      // Stopping: the post is in the store, found again on the next start.
      logger.error('local publisher run failed while stopping; left for the next start', {
        post_id: trigger.post_id,
        error: error as Error,
      });
      return;
    }
    if (receives >= PUBLISH_MAX_RECEIVES) {
      // As SQS dead-letters it after maxReceiveCount; the post is still in the store, found again on the next start.
      this.deadLetters.push({ trigger, receives });
      logger.error('local publisher run failed on its last delivery; dead-lettered', {
        post_id: trigger.post_id,
        receives,
        error: error as Error,
      });
      return;
    }
    const at = askedAt ?? clock.now().getTime() + Math.min(FALLBACK_BASE_MS * 2 ** (receives - 1), FALLBACK_MAX_MS);
    logger.warn('local publisher run failed; delivering it again later', {
      post_id: trigger.post_id,
      receives,
      delay_ms: at - clock.now().getTime(),
      error: error as Error,
    });
    const key = dueKey(trigger.post_id, trigger.version, trigger.prepare);
    if (!this.due.has(key)) this.due.set(key, { at, trigger, receives: receives + 1 });
  }
}

/**
 * Redelivery of a failed run the publisher did not time (it timed out, or its visibility change
 * failed): 1 s, 2 s, 4 s… capped at 15 s, in place of the queue's visibility timeout in AWS.
 */
const FALLBACK_BASE_MS = 1000;
const FALLBACK_MAX_MS = 15_000;

/** A preparation message is held beside its trigger, never in its place. */
const dueKey = (postId: string, version = 0, prepare?: boolean): string => `${postId}#${version}${prepare ? '#prepare' : ''}`;
