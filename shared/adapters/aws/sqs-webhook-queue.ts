import { createHash } from 'node:crypto';
import { ConflictException, CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Config } from '#shared/config';
import { DIRECT_QUEUE_HORIZON_MS, queueDelaySeconds } from '#shared/domain/publish-timing';
import { clock } from '#shared/ports/clock';
import type { DeliveryTask, WebhookQueue } from '#shared/ports/webhook-queue';

const sqs = new SQSClient({});
const schedulerClient = new SchedulerClient({});

/**
 * `webhook-` + a hash of the attempt (endpoint, event, attempt number): at most 64 of [0-9a-zA-Z-_.],
 * and the same name for the same attempt, so a repeated send creates no second schedule.
 */
export const webhookRetryScheduleName = (task: DeliveryTask): string =>
  `webhook-${createHash('sha256').update(`${task.webhook_id}/${task.event_id}/${task.attempt}`).digest('hex').slice(0, 48)}`;

type WebhookQueueSettings = Pick<
  Config['aws'],
  'webhookQueueUrl' | 'webhookQueueArn' | 'webhookDeadLetterQueueArn' | 'webhookScheduleGroup' | 'webhookSchedulerRoleArn'
>;

/**
 * The webhook queue in AWS: one SQS message per attempt. An attempt due within the queue's reach
 * (DelaySeconds, 15 minutes at most: the 5 s and 5 min retries, a first attempt) is sent with its
 * delay; a later one (30 min, 2 h, 5 h, 10 h) gets an EventBridge Scheduler one-time schedule
 * whose target is the queue itself, which sends the message at its time and deletes itself. The
 * deliverer never feeds its own queue over and over to wait: Lambda's recursive-loop detection
 * stops a chain of more than 16 invocations that a function's sends to its own queue make, and
 * Scheduler's send starts a new chain (docs/decisions/0171-webhook-retries-wait-in-scheduler.md).
 * The endpoint is the message group of a direct send: in a standard queue that makes SQS fair
 * queueing treat each endpoint as a tenant, so one that hangs (10 s per attempt) does not hold
 * the others back.
 */
export class SqsWebhookQueue implements WebhookQueue {
  constructor(private readonly settings: WebhookQueueSettings) {}

  private required(name: keyof WebhookQueueSettings): string {
    const value = this.settings[name];
    if (!value) throw new Error(`Webhook queue setting ${name} is missing`);
    return value;
  }

  async send(task: DeliveryTask): Promise<void> {
    const now = clock.now();
    const dueAt = new Date(task.due_at);
    if (dueAt.getTime() - now.getTime() <= DIRECT_QUEUE_HORIZON_MS) {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: this.required('webhookQueueUrl'),
          MessageBody: JSON.stringify(task),
          MessageGroupId: task.webhook_id,
          DelaySeconds: queueDelaySeconds(dueAt, now),
        }),
      );
      return;
    }
    const name = webhookRetryScheduleName(task);
    try {
      await schedulerClient.send(
        new CreateScheduleCommand({
          Name: name,
          GroupName: this.required('webhookScheduleGroup'),
          // At the second (never after the due time: the deliverer waits out up to a second early).
          ScheduleExpression: `at(${dueAt.toISOString().slice(0, 19)})`,
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          ClientToken: `${name}-${dueAt.getTime()}`.slice(0, 64),
          Target: {
            Arn: this.required('webhookQueueArn'),
            RoleArn: this.required('webhookSchedulerRoleArn'),
            Input: JSON.stringify(task),
            // Scheduler retries a refused send for an hour; then the task goes to the webhook dead-letter queue (alarmed).
            RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
            DeadLetterConfig: { Arn: this.required('webhookDeadLetterQueueArn') },
          },
        }),
      );
    } catch (error) {
      // The attempt is scheduled already (a repeated message, a follow-up): one schedule is enough.
      if (!(error instanceof ConflictException)) throw error;
    }
  }
}
