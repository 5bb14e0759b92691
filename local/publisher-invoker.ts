import { randomUUID } from 'node:crypto';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { PublishTrigger } from '#shared/domain/publish-timing';
import { lambdaContext } from './lambda-context';

/**
 * Runs the publisher Lambda handler in-process as the publish queue's event source would in AWS:
 * the same handler, a one-record SQS batch carrying the trigger. A record reported as failed
 * is thrown, so the local scheduler logs it (the post is found again on the next start).
 */
export async function invokePublisher(trigger: PublishTrigger): Promise<void> {
  const { handler } = (await import('../functions/publish-post/handler')) as {
    handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;
  };
  const messageId = randomUUID();
  const response = await handler(sqsEvent(messageId, trigger), lambdaContext(randomUUID(), 'publish-post', 180_000));
  if (response && response.batchItemFailures.length > 0) throw new Error(`publisher reported a failed run for post ${trigger.post_id}`);
}

function sqsEvent(messageId: string, trigger: PublishTrigger): SQSEvent {
  const now = String(Date.now());
  return {
    Records: [
      {
        messageId,
        receiptHandle: messageId,
        body: JSON.stringify(trigger),
        attributes: { ApproximateReceiveCount: '1', SentTimestamp: now, SenderId: 'local', ApproximateFirstReceiveTimestamp: now },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:publish-queue',
        awsRegion: 'local',
      },
    ],
  };
}
