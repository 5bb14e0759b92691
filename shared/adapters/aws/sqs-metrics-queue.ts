import { CreateScheduleCommand, ConflictException, SchedulerClient } from '@aws-sdk/client-scheduler';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Config } from '#shared/config';
import type { MetricsTask } from '#shared/domain/post-metrics';
import { DIRECT_QUEUE_HORIZON_MS, queueDelaySeconds } from '#shared/domain/publish-timing';
import { clock } from '#shared/ports/clock';
import type { MetricsQueue } from '#shared/ports/metrics-queue';

const sqs = new SQSClient({});
const schedulerClient = new SchedulerClient({});

/** `metrics-` + the post's UUID + the collection (1h, 24h, 7d): 1-64 of [0-9a-zA-Z-_.]. */
export const metricsScheduleName = (task: MetricsTask): string => `metrics-${task.post_id}-${task.reason}`;

/**
 * Metrics collections in AWS (docs/decisions/0048-metrics-collection.md): a task due within the
 * queue's reach (a refresh) is sent at once with its delay; a later one (1 h, 24 h, 7 days after
 * publishing) gets an EventBridge Scheduler one-time schedule whose target is the queue itself
 * (SQS SendMessage, a templated target: no function in between). A minute of Scheduler's
 * imprecision does not matter here. The schedule deletes itself after firing.
 */
export class SqsMetricsQueue implements MetricsQueue {
  constructor(private readonly settings: Config['aws']) {}

  private required(name: 'metricsQueueUrl' | 'metricsQueueArn' | 'metricsScheduleGroup' | 'metricsSchedulerRoleArn'): string {
    const value = this.settings[name];
    if (!value) throw new Error(`Metrics queue setting ${name} is missing`);
    return value;
  }

  async send(task: MetricsTask, at: Date): Promise<void> {
    const now = clock.now();
    if (at.getTime() - now.getTime() <= DIRECT_QUEUE_HORIZON_MS) {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: this.required('metricsQueueUrl'),
          MessageBody: JSON.stringify(task),
          DelaySeconds: queueDelaySeconds(at, now),
        }),
      );
      return;
    }
    try {
      await schedulerClient.send(
        new CreateScheduleCommand({
          Name: metricsScheduleName(task),
          GroupName: this.required('metricsScheduleGroup'),
          ScheduleExpression: `at(${at.toISOString().slice(0, 19)})`,
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          ClientToken: `${metricsScheduleName(task)}-${at.getTime()}`.slice(0, 64),
          Target: {
            Arn: this.required('metricsQueueArn'),
            RoleArn: this.required('metricsSchedulerRoleArn'),
            Input: JSON.stringify(task),
            RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
            // After its retries a collection goes to the metrics dead-letter queue (alarmed) rather
            // than being dropped; Scheduler sends it there as the schedule's role.
            DeadLetterConfig: this.settings.metricsDeadLetterQueueArn ? { Arn: this.settings.metricsDeadLetterQueueArn } : undefined,
          },
        }),
      );
    } catch (error) {
      // A post published again after a retry keeps the schedules it has: one collection each is enough.
      if (!(error instanceof ConflictException)) throw error;
    }
  }
}
