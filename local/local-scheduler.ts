import { scheduledTrigger, type PublishTrigger } from '#shared/domain/publish-timing';
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
 * or another run held a platform), with a growing delay, up to MAX_RECEIVES deliveries.
 */
export class LocalScheduler implements PostScheduler, PublishQueue {
  /** Keyed by post id and version (`dueKey`). */
  private readonly due = new Map<string, { at: number; trigger: PublishTrigger; receives?: number }>();
  private readonly running = new Set<Promise<void>>();
  private readonly recurring: { everyMs: number; next: number; job: () => Promise<void>; busy: boolean }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly publish: (trigger: PublishTrigger) => Promise<void>,
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
      else this.hold(scheduledTrigger(post.id, new Date(post.post_time), post.version), new Date(post.post_time).getTime());
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
    this.hold(scheduledTrigger(postId, at, version), at.getTime());
  }

  async cancel(postId: string, version = 0): Promise<void> {
    this.due.delete(dueKey(postId, version));
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

  /**
   * A recurring schedule's stand-in (the daily expiry sweep): runs `job` at the next tick, then
   * every `everyMs` of the clock port, never twice at once. Not persisted: a start runs it again.
   */
  every(everyMs: number, job: () => Promise<void>): void {
    this.recurring.push({ everyMs, next: clock.now().getTime(), job, busy: false });
  }

  /** Whether a post is waiting for its time here, in any version (tests, diagnostics). */
  isScheduled(postId: string): boolean {
    return [...this.due.values()].some(({ trigger }) => trigger.post_id === postId);
  }

  private hold(trigger: PublishTrigger, at: number): void {
    this.due.set(dueKey(trigger.post_id, trigger.version), { at, trigger });
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
    const publication = this.publish(trigger)
      .catch((error: unknown) => this.redeliver(trigger, receives, error))
      .finally(() => this.running.delete(publication));
    this.running.add(publication);
  }

  /** The queue's redelivery: the same trigger again after a growing delay, unless a newer one is held. */
  private redeliver(trigger: PublishTrigger, receives: number, error: unknown): void {
    if (receives >= MAX_RECEIVES || this.timer === undefined) {
      // Stopping, or given up as SQS dead-letters: the post is in the store, found again on the next start.
      logger.error('local publisher run failed; left for the next start', { post_id: trigger.post_id, receives, error: error as Error });
      return;
    }
    const delayMs = Math.min(REDELIVERY_BASE_MS * 2 ** (receives - 1), REDELIVERY_MAX_MS);
    logger.warn('local publisher run failed; delivering it again later', {
      post_id: trigger.post_id,
      receives,
      delay_ms: delayMs,
      error: error as Error,
    });
    const key = dueKey(trigger.post_id, trigger.version);
    if (!this.due.has(key)) this.due.set(key, { at: clock.now().getTime() + delayMs, trigger, receives: receives + 1 });
  }
}

/**
 * Redelivery of a failed run: 1 s, 2 s, 4 s… capped at 15 s (the queue in AWS waits its visibility
 * timeout), enough deliveries to outlast a crashed run's claim lease (5 minutes by default).
 */
const REDELIVERY_BASE_MS = 1000;
const REDELIVERY_MAX_MS = 15_000;
const MAX_RECEIVES = 30;

const dueKey = (postId: string, version = 0): string => `${postId}#${version}`;
