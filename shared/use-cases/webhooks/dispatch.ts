import { newId } from '#shared/domain/ids';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { webhookQueue, type DeliveryTask } from '#shared/ports/webhook-queue';
import { putFirstDelivery, type DeliveryItem } from '#shared/store/webhook-deliveries';
import { markWebhookEventDispatched, type WebhookEvent } from '#shared/store/webhook-events';
import { getWebhookItem, listWebhookItems, type WebhookItem } from '#shared/store/webhooks';

/**
 * Turns one recorded event into one delivery per endpoint that wants it: the first attempt
 * written pending, then queued. Safe to run again for the same event (the stream retries a
 * failed batch; the local runner finds undispatched events on start): an attempt that exists is
 * not written twice, and a second message for it finds it claimed or done.
 */
export async function dispatchWebhookEvent(event: WebhookEvent): Promise<number> {
  const targets = await endpointsFor(event);
  const queue = await webhookQueue();
  const now = clock.now().toISOString();
  await Promise.all(
    targets.map(async (webhook) => {
      const task: DeliveryTask = { webhook_id: webhook.id, account_id: event.account_id, event_id: event.id, event_created_at: event.created_at, attempt: 1, due_at: now };
      await putFirstDelivery(firstAttempt(task, event));
      await queue.send(task);
    }),
  );
  await markWebhookEventDispatched(event.id, clock.now());
  logger.info('webhook event dispatched', { event_id: event.id, event_type: event.event_type, account_id: event.account_id, endpoints: targets.length });
  return targets.length;
}

async function endpointsFor(event: WebhookEvent): Promise<WebhookItem[]> {
  if (event.webhook_id) {
    const webhook = await getWebhookItem(event.account_id, event.webhook_id);
    return webhook ? [webhook] : [];
  }
  return (await listWebhookItems(event.account_id)).filter((webhook) => (webhook.events as string[]).includes(event.event_type));
}

/** A pending attempt, due at `task.due_at`. */
export function firstAttempt(task: DeliveryTask, event: Pick<WebhookEvent, 'event_type'>): DeliveryItem {
  return {
    id: newId(),
    webhook_id: task.webhook_id,
    account_id: task.account_id,
    event_id: task.event_id,
    event_created_at: task.event_created_at,
    event_type: event.event_type,
    attempt: task.attempt,
    status: 'pending',
    response_status: null,
    error: null,
    duration_ms: null,
    attempted_at: null,
    next_attempt_at: task.due_at,
  };
}
