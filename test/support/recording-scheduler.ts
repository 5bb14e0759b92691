import type { PublishTrigger } from '#shared/domain/publish-timing';
import type { PublishQueue } from '#shared/ports/publish-queue';
import type { PostScheduler } from '#shared/ports/scheduler';

/**
 * A scheduler and publish queue that only record what they were asked: for tests of post
 * creation that must not publish, and of the publisher's own use of the queue.
 */
export class RecordingScheduler implements PostScheduler, PublishQueue {
  /** The latest schedule of each post, and the version it was made for (0 until a post is changed). */
  readonly scheduled = new Map<string, Date>();
  readonly versions = new Map<string, number>();
  readonly cancelled: string[] = [];
  /** Every cancel with the version it named. */
  readonly cancelledVersions: { postId: string; version: number }[] = [];
  readonly immediate: string[] = [];
  readonly queued: { trigger: PublishTrigger; delaySeconds: number }[] = [];
  /** Every visibility change the publisher asked for. */
  readonly redelivered: { receiptHandle: string; seconds: number }[] = [];
  /** Makes the next visibility changes fail, as SQS would in an outage. */
  failRedeliveries = false;
  /** Makes the next sends fail, as SQS would in an outage. */
  failSends = false;

  /** Makes the next schedule and publishNow calls fail, as Scheduler or SQS would in an outage. */
  failHandOvers = false;

  async schedule(postId: string, at: Date, version = 0): Promise<void> {
    if (this.failHandOvers) throw new Error('scheduler unavailable');
    this.scheduled.set(postId, at);
    this.versions.set(postId, version);
  }

  async cancel(postId: string, version = 0): Promise<void> {
    this.cancelled.push(postId);
    this.cancelledVersions.push({ postId, version });
    // Only that version's schedule: an edit schedules its new version before cancelling the old one.
    if ((this.versions.get(postId) ?? 0) === version) {
      this.scheduled.delete(postId);
      this.versions.delete(postId);
    }
  }

  async publishNow(postId: string): Promise<void> {
    if (this.failHandOvers) throw new Error('queue unavailable');
    this.immediate.push(postId);
  }

  async send(trigger: PublishTrigger, delaySeconds: number): Promise<void> {
    if (this.failSends) throw new Error('queue unavailable');
    this.queued.push({ trigger, delaySeconds });
  }

  /** Visibility leases of running records (shared/use-cases/visibility-lease.ts). */
  readonly held: Array<{ receiptHandle: string; seconds: number }> = [];
  async holdFor(receiptHandle: string, seconds: number): Promise<void> {
    this.held.push({ receiptHandle, seconds });
  }

  async redeliverIn(receiptHandle: string, seconds: number): Promise<void> {
    if (this.failRedeliveries) throw new Error('queue unavailable');
    this.redelivered.push({ receiptHandle, seconds });
  }
}
