import type { PostScheduler } from '#shared/ports/scheduler';

/**
 * The scheduler the bench hands to the local stack. By default it only records (the load
 * tests must not publish thousands of posts); the publish-delay phase points it at a real
 * LocalScheduler for a while.
 */
export class SwitchableScheduler implements PostScheduler {
  readonly scheduled = new Map<string, Date>();
  readonly immediate: string[] = [];
  private target: PostScheduler | undefined;

  use(target: PostScheduler | undefined): void {
    this.target = target;
  }

  async schedule(postId: string, at: Date, version?: number): Promise<void> {
    if (this.target) return this.target.schedule(postId, at, version);
    this.scheduled.set(postId, at);
  }

  async cancel(postId: string, version?: number): Promise<void> {
    if (this.target) return this.target.cancel(postId, version);
    this.scheduled.delete(postId);
  }

  async publishNow(postId: string): Promise<void> {
    if (this.target) return this.target.publishNow(postId);
    this.immediate.push(postId);
  }
}
