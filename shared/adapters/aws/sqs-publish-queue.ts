import { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { MAX_VISIBILITY_SECONDS } from '#shared/domain/publish-redelivery';
import { MAX_QUEUE_DELAY_SECONDS, type PublishTrigger } from '#shared/domain/publish-timing';
import type { PublishQueue } from '#shared/ports/publish-queue';

const sqs = new SQSClient({});

/** The publish queue in AWS: one SQS message per trigger, held back by DelaySeconds. */
export class SqsPublishQueue implements PublishQueue {
  constructor(private readonly queueUrl: string | undefined) {}

  async send(trigger: PublishTrigger, delaySeconds: number): Promise<void> {
    if (!this.queueUrl) throw new Error('Publish queue setting PUBLISH_QUEUE_URL is missing');
    if (!Number.isInteger(delaySeconds) || delaySeconds < 0 || delaySeconds > MAX_QUEUE_DELAY_SECONDS) {
      throw new Error(`DelaySeconds must be a whole number from 0 to ${MAX_QUEUE_DELAY_SECONDS}, not ${delaySeconds}`);
    }
    await sqs.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(trigger), DelaySeconds: delaySeconds }));
  }

  async redeliverIn(receiptHandle: string, seconds: number): Promise<void> {
    if (!this.queueUrl) throw new Error('Publish queue setting PUBLISH_QUEUE_URL is missing');
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_VISIBILITY_SECONDS) {
      throw new Error(`VisibilityTimeout must be a whole number from 0 to ${MAX_VISIBILITY_SECONDS}, not ${seconds}`);
    }
    await sqs.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: this.queueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: seconds }),
    );
  }

  /** The same call: SQS has one visibility per delivery, whoever sets it. */
  holdFor(receiptHandle: string, seconds: number): Promise<void> {
    return this.redeliverIn(receiptHandle, seconds);
  }
}
