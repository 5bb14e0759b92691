import type { PostScheduler } from '../../shared/ports/scheduler';

/** A scheduler that only records what it was asked: for tests of post creation that must not publish. */
export class RecordingScheduler implements PostScheduler {
  readonly scheduled = new Map<string, Date>();
  readonly cancelled: string[] = [];
  readonly immediate: string[] = [];

  async schedule(postId: string, at: Date): Promise<void> {
    this.scheduled.set(postId, at);
  }

  async cancel(postId: string): Promise<void> {
    this.cancelled.push(postId);
    this.scheduled.delete(postId);
  }

  async publishNow(postId: string): Promise<void> {
    this.immediate.push(postId);
  }
}
