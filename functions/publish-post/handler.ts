import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { parseTrigger, type PublishTrigger } from '#shared/domain/publish-timing';
import { withLogScope } from '#shared/logger';
import { publishLogged, publishQueued, type QueuedTrigger } from '#shared/use-cases/publish-queued';

/** A batch from the publish queue, or a trigger invoked directly (schedules made before the queue existed). */
type PublishEvent = SQSEvent | PublishTrigger | Record<string, unknown>;

/**
 * The publisher, consuming the publish queue (SQS event source with a maximum concurrency, so a
 * burst waits in the queue instead of exceeding it). A record whose run threw, or whose platforms
 * another run holds, is made visible again when it should be retried and reported as a batch item
 * failure (shared/use-cases/publish-queued.ts).
 */
export async function handler(event: PublishEvent, context: Context): Promise<SQSBatchResponse | void> {
  return withLogScope({ request_id: context.awsRequestId, operation: 'publish-post' }, async () => {
    if (!isSqsEvent(event)) {
      await publishLogged(parseTrigger(event), Object.keys(event ?? {}));
      return;
    }
    const failed = await publishQueued(event.Records.map(queuedTrigger));
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  });
}

const isSqsEvent = (event: PublishEvent): event is SQSEvent => Array.isArray((event as SQSEvent)?.Records);

const queuedTrigger = (record: SQSRecord): QueuedTrigger => ({
  messageId: record.messageId,
  receiptHandle: record.receiptHandle,
  body: record.body,
  receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
});
