import { clock } from '#shared/ports/clock';
import type { PostScheduler } from '#shared/ports/scheduler';
import { logger } from '#shared/logger';
import { scanPostsAwaitingPublication } from '#shared/store/posts';

/**
 * The local stand-in for EventBridge Scheduler and the async Lambda invoke: keeps each
 * scheduled post's due time in memory and runs the publisher when the clock port reaches
 * it (checked every `tickMs`, so a moved test clock is noticed too). Durable because the
 * posts themselves are the record: on start every scheduled or half-published post is found
 * again in the store, so a restart loses nothing.
 */
export class LocalScheduler implements PostScheduler {
  private readonly due = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly publish: (postId: string) => Promise<void>,
    private readonly tickMs = 100,
  ) {}

  /** Finds the posts awaiting publication in the store, then starts ticking. */
  async start(): Promise<number> {
    const pending = await scanPostsAwaitingPublication();
    for (const post of pending) {
      // A post caught mid-publication by a stop is published again: the publisher's
      // per-platform claims make that safe.
      this.due.set(post.id, post.status === 'publishing' ? 0 : new Date(post.scheduled_for ?? post.post_time).getTime());
    }
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
    this.tick();
    return pending.length;
  }

  async schedule(postId: string, at: Date): Promise<void> {
    this.due.set(postId, at.getTime());
  }

  async cancel(postId: string): Promise<void> {
    this.due.delete(postId);
  }

  async publishNow(postId: string): Promise<void> {
    setImmediate(() => this.run(postId));
  }

  /** Whether a post is waiting for its time here (tests, diagnostics). */
  isScheduled(postId: string): boolean {
    return this.due.has(postId);
  }

  /** Stops ticking and waits for publications under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.running]);
  }

  private tick(): void {
    const now = clock.now().getTime();
    for (const [postId, at] of this.due) {
      if (at > now) continue;
      this.due.delete(postId);
      this.run(postId);
    }
  }

  private run(postId: string): void {
    const publication = this.publish(postId)
      .catch((error: unknown) => logger.error('local publisher run failed', { post_id: postId, error: error as Error }))
      .finally(() => this.running.delete(publication));
    this.running.add(publication);
  }
}
