import type { PublishTrigger } from '#shared/domain/publish-timing';

/**
 * The publish queue port: hands a post to the publisher after a delay, without any function
 * waiting for it. In AWS an SQS queue (DelaySeconds) that the publisher consumes; locally the
 * in-process scheduler (local/local-scheduler.ts), registered by the local launcher.
 */
export interface PublishQueue {
  /** Delivers the trigger to the publisher `delaySeconds` (0..900) from now. */
  send(trigger: PublishTrigger, delaySeconds: number): Promise<void>;
  /**
   * Makes a received message, one the publisher is about to report as failed, visible again
   * `seconds` (a whole number, 0 to 43200) from now instead of after the queue's visibility timeout.
   * `receiptHandle` is the one its delivery carried (SQS ChangeMessageVisibility).
   */
  redeliverIn(receiptHandle: string, seconds: number): Promise<void>;
  /**
   * Keeps a received message hidden `seconds` more while its run lives (renewed by the run,
   * shared/use-cases/visibility-lease.ts): a run the runtime kills gives its messages back that
   * soon. In AWS ChangeMessageVisibility as `redeliverIn`; locally nothing (the in-process queue
   * has no visibility timeout to cut short: a stopped process finds its posts in the store again).
   */
  holdFor(receiptHandle: string, seconds: number): Promise<void>;
}
