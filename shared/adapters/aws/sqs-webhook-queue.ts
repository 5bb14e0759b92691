import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queueDelaySeconds } from '#shared/domain/publish-timing';
import { clock } from '#shared/ports/clock';
import type { DeliveryTask, WebhookQueue } from '#shared/ports/webhook-queue';

const sqs = new SQSClient({});

/**
 * The webhook queue in AWS: one SQS message per attempt, held back by DelaySeconds (at most
 * 900 s: a later attempt is held in hops, the deliverer sending it on until it is due). The
 * endpoint is the message group: in a standard queue that makes SQS fair queueing treat each
 * endpoint as a tenant, so one that hangs (10 s per attempt) does not hold the others back.
 */
export class SqsWebhookQueue implements WebhookQueue {
  constructor(private readonly queueUrl: string | undefined) {}

  async send(task: DeliveryTask): Promise<void> {
    if (!this.queueUrl) throw new Error('Webhook queue setting WEBHOOK_QUEUE_URL is missing');
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(task),
        MessageGroupId: task.webhook_id,
        DelaySeconds: queueDelaySeconds(new Date(task.due_at), clock.now()),
      }),
    );
  }
}
