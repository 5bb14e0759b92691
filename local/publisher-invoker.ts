import { randomUUID } from 'node:crypto';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { PublishTrigger } from '#shared/domain/publish-timing';
import type { LocalDelivery } from './local-scheduler';
import { lambdaContext } from './lambda-context';

/** The publisher function's timeout in the stack (lib/service-stack.ts: 3 minutes). */
const PUBLISHER_TIMEOUT_MS = 180_000;

/**
 * Runs the publisher Lambda handler in-process as the publish queue's event source would in AWS:
 * the same handler, a one-record SQS batch carrying the trigger and its delivery (receipt handle,
 * receive count). A record reported as failed is thrown, so the local scheduler delivers it again
 * (when the handler asked it to, through the publish queue's `redeliverIn`). So is a run that outlives the function's
 * timeout, as Lambda would end it: a hung call (a socket that never answers) must not hold a post
 * for ever. Its promise is left behind; its claims lapse after their lease and its late writes
 * fail on the claim id, as a timed-out Lambda's would.
 */
export async function invokePublisher(
  trigger: PublishTrigger,
  delivery: LocalDelivery = { receiptHandle: randomUUID(), receiveCount: 1 },
  timeoutMs = PUBLISHER_TIMEOUT_MS,
): Promise<void> {
  const { handler } = (await import('../functions/publish-post/handler')) as {
    handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;
  };
  // Loaded with the handler, once the settings are in place (this module is imported before).
  const { outsideAnyRequest } = await import('#shared/store/client');
  const messageId = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`publisher run for post ${trigger.post_id} timed out after ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
  });
  try {
    const response = await Promise.race([
      // A new invocation: none of the deadline of the request that handed the post over.
      outsideAnyRequest(() => handler(sqsEvent(messageId, trigger, delivery), lambdaContext(randomUUID(), 'publish-post', timeoutMs))),
      timedOut,
    ]);
    if (response && response.batchItemFailures.length > 0) throw new Error(`publisher reported a failed run for post ${trigger.post_id}`);
  } finally {
    clearTimeout(timer);
  }
}

/** A one-record batch from the publish queue, as the event source hands it to the publisher. */
export function sqsEvent(
  messageId: string,
  trigger: PublishTrigger,
  delivery: LocalDelivery = { receiptHandle: messageId, receiveCount: 1 },
): SQSEvent {
  const now = String(Date.now());
  return {
    Records: [
      {
        messageId,
        receiptHandle: delivery.receiptHandle,
        body: JSON.stringify(trigger),
        attributes: {
          ApproximateReceiveCount: String(delivery.receiveCount),
          SentTimestamp: now,
          SenderId: 'local',
          ApproximateFirstReceiveTimestamp: now,
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:publish-queue',
        awsRegion: 'local',
      },
    ],
  };
}
