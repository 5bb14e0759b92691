import { logger } from '#shared/logger';
import { webhookEventFromStreamRecord } from '#shared/store/webhook-events';
import { dispatchWebhookEvent, type EndpointCache } from './dispatch';

/** A record of the table's stream, as much of it as the dispatcher reads. */
export interface StreamRecord {
  eventName?: string;
  dynamodb?: { NewImage?: unknown; SequenceNumber?: string };
}

/**
 * Dispatches the webhook events a batch of the table's stream carries (other records are skipped),
 * all at once: their order does not matter, and an account's endpoints are read once a batch.
 * Returns the earliest record whose dispatch failed, for the stream to retry from; the events
 * after it that succeeded come again, and dispatching an event twice is harmless.
 */
export async function dispatchStreamBatch<R extends StreamRecord>(records: R[]): Promise<R | undefined> {
  const endpoints: EndpointCache = new Map();
  const outcomes = await Promise.all(
    records.map(async (record) => {
      const event = webhookEventFromStreamRecord(record);
      if (!event) return true;
      try {
        await dispatchWebhookEvent(event, endpoints);
        return true;
      } catch (error) {
        logger.error('webhook event dispatch failed; the stream retries it', { event_id: event.id, error: error as Error });
        return false;
      }
    }),
  );
  const firstFailed = outcomes.indexOf(false);
  return firstFailed < 0 ? undefined : records[firstFailed];
}
