import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger, withLogScope } from '#shared/logger';
import { dispatchWebhookEvent, webhookEventFromStreamRecord, type EndpointCache } from '#shared/use-cases/webhooks/dispatch';

/**
 * The dispatcher, fed by the table's stream (filtered to new webhook event items, the outbox):
 * makes each event's deliveries, the batch's events at once (their order does not matter; an
 * account's endpoints are read once a batch). A failure is reported as the earliest failed
 * record, so the stream retries from it (bisecting, then the dead-letter queue); the events
 * after it that had succeeded come again, and dispatching an event twice is harmless.
 */
export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  return withLogScope({ request_id: context.awsRequestId, operation: 'dispatch-webhook-events' }, async () => {
    const endpoints: EndpointCache = new Map();
    const outcomes = await Promise.all(
      event.Records.map(async (record) => {
        const webhookEvent = webhookEventFromStreamRecord(record);
        if (!webhookEvent) return true;
        try {
          await dispatchWebhookEvent(webhookEvent, endpoints);
          return true;
        } catch (error) {
          logger.error('webhook event dispatch failed; the stream retries it', { event_id: webhookEvent.id, error: error as Error });
          return false;
        }
      }),
    );
    const firstFailed = outcomes.indexOf(false);
    return { batchItemFailures: firstFailed < 0 ? [] : [{ itemIdentifier: event.Records[firstFailed]!.dynamodb?.SequenceNumber ?? '' }] };
  });
}
