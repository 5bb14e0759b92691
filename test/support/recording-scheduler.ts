import type { PublishTrigger } from '../../shared/domain/publish-timing';
import type { PublishQueue } from '../../shared/ports/publish-queue';
import type { PostScheduler } from '../../shared/ports/scheduler';

/**
 * A scheduler and publish queue that only record what they were asked: for tests of post
 * creation that must not publish, and of the publisher's own use of the queue.
 */
export class RecordingScheduler implements PostScheduler, PublishQueue {
  readonly scheduled = new Map<string, Date>();
  readonly cancelled: string[] = [];
  readonly immediate: string[] = [];
  readonly queued: { trigger: PublishTrigger; delaySeconds: number }[] = [];
  /** Makes the next sends fail, as SQS would in an outage. */
  failSends = false;

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

  async send(trigger: PublishTrigger, delaySeconds: number): Promise<void> {
    if (this.failSends) throw new Error('queue unavailable');
    this.queued.push({ trigger, delaySeconds });
  }
}
