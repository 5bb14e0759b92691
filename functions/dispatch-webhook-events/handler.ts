import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { withLogScope } from '#shared/logger';
import { dispatchStreamBatch } from '#shared/use-cases/webhooks/dispatch-stream';

/**
 * The dispatcher, fed by the table's stream (filtered to new webhook event items, the outbox). A
 * failure is reported as the earliest failed record, so the stream retries from it (bisecting,
 * then the dead-letter queue).
 */
export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  return withLogScope({ request_id: context.awsRequestId, operation: 'dispatch-webhook-events' }, async () => {
    const failed = await dispatchStreamBatch(event.Records);
    return { batchItemFailures: failed ? [{ itemIdentifier: failed.dynamodb?.SequenceNumber ?? '' }] : [] };
  });
}
