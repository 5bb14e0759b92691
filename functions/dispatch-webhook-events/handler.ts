import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger, withLogScope } from '#shared/logger';
import { WEBHOOK_EVENT_ITEM_TYPE, webhookEventFromItem } from '#shared/store/webhook-events';
import { dispatchWebhookEvent } from '#shared/use-cases/webhooks/dispatch';

/**
 * The dispatcher, fed by the table's stream (filtered to new webhook event items, the outbox):
 * makes each event's deliveries. A record that fails is reported, so the stream retries from it
 * (bisecting, then the dead-letter queue); dispatching an event twice is harmless.
 */
export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  return withLogScope({ request_id: context.awsRequestId, operation: 'dispatch-webhook-events' }, async () => {
    for (const record of event.Records) {
      const image = record.dynamodb?.NewImage;
      if (record.eventName !== 'INSERT' || !image) continue;
      const item = unmarshall(image as Record<string, AttributeValue>);
      if (item.type !== WEBHOOK_EVENT_ITEM_TYPE) continue;
      try {
        await dispatchWebhookEvent(webhookEventFromItem(item));
      } catch (error) {
        logger.error('webhook event dispatch failed; the stream retries it', { event_id: item.id, error: error as Error });
        // Stream batches are ordered: report the first failure, the rest comes again with it.
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  });
}
