/**
 * The scheduler port: gets a post to the publisher at its time. In AWS one EventBridge
 * Scheduler one-time schedule per scheduled post and an asynchronous Lambda invoke for
 * immediate posts; locally an in-process scheduler (local/local-scheduler.ts) registered by
 * the local launcher with `useScheduler`.
 */
export interface PostScheduler {
  /**
   * Arranges for the publisher to run for this post at `at`, with a trigger for the post's
   * `version` (0, or absent, until its first edit or retry). Idempotent per post version: an edit
   * schedules its new version beside the old one, then cancels the old one.
   */
  schedule(postId: string, at: Date, version?: number): Promise<void>;
  /** Cancels the schedule of a post version; nothing happens when there is none. */
  cancel(postId: string, version?: number): Promise<void>;
  /** Hands an immediate post to the publisher without waiting for it to publish. */
  publishNow(postId: string): Promise<void>;
}
