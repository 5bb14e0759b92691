import type { MetricsTask } from '#shared/domain/post-metrics';

/**
 * The metrics queue port: hands a collection task to the metrics collector at a given time,
 * without any function waiting for it. In AWS an SQS queue that the collector consumes, reached
 * directly (DelaySeconds) when the time is within 15 minutes and through an EventBridge Scheduler
 * one-time schedule otherwise (shared/adapters/aws/sqs-metrics-queue.ts); locally the in-process
 * runner (local/metrics-runner.ts).
 */
export interface MetricsQueue {
  /** Delivers the task to the collector at `at` (at once when it is past). */
  send(task: MetricsTask, at: Date): Promise<void>;
}
