import { newId } from '#shared/domain/ids';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { webhookQueue } from '#shared/ports/registry';
import { type DeliveryTask } from '#shared/ports/webhook-queue';
import { putFirstDelivery, type DeliveryItem } from '#shared/store/webhook-deliveries';
import { type WebhookEvent } from '#shared/domain/webhook';
import { markWebhookEventDispatched } from '#shared/store/webhook-events';
import { getWebhookItem, listWebhookItems, type WebhookItem } from '#shared/store/webhooks';

/**
 * Turns one recorded event into one delivery per endpoint that wants it: the first attempt
 * written pending, then queued. Safe to run again for the same event (the stream retries a
 * failed batch; the local runner finds undispatched events on start): an attempt that exists is
 * not written twice, and a second message for it finds it claimed or done.
 */
export async function dispatchWebhookEvent(event: WebhookEvent, endpoints: EndpointCache = new Map()): Promise<number> {
  const targets = await endpointsFor(event, endpoints);
  const now = clock.now();
  const tasks = targets.map((webhook): DeliveryTask => ({
    webhook_id: webhook.id,
    account_id: event.account_id,
    event_id: event.id,
    event_created_at: event.created_at,
    attempt: 1,
    due_at: now.toISOString(),
    endpoint: {
      url: webhook.url,
      secret: webhook.secret,
      ...(webhook.previous_secrets?.length ? { previous_secrets: webhook.previous_secrets } : {}),
    },
  }));
  await recordFirstAttempts(event, tasks, now);
  const queue = await webhookQueue();
  await Promise.all(tasks.map((task) => queue.send(task)));
  logger.info('webhook event dispatched', {
    event_id: event.id,
    event_type: event.event_type,
    account_id: event.account_id,
    endpoints: targets.length,
  });
  return targets.length;
}

/**
 * The first attempts, pending (one conditional put each: an attempt that exists is not written
 * again), then the event marked dispatched with a plain update. No transaction: each write is
 * safe to repeat, a crash between them leaves the event undispatched and the stream (or the
 * local runner's scan) dispatches it again, and a transaction would bill every item twice
 * (docs/decisions/0173-a-lean-webhook-outbox.md).
 */
async function recordFirstAttempts(event: WebhookEvent, tasks: DeliveryTask[], now: Date): Promise<void> {
  await Promise.all(tasks.map((task) => putFirstDelivery(firstAttempt(task, event))));
  await markWebhookEventDispatched(event.id, now);
}

/** An account's endpoints, read once for a batch of events. */
export type EndpointCache = Map<string, Promise<WebhookItem[]>>;

async function endpointsFor(event: WebhookEvent, cache: EndpointCache): Promise<WebhookItem[]> {
  if (event.webhook_id) {
    const webhook = await getWebhookItem(event.account_id, event.webhook_id);
    return webhook ? [webhook] : [];
  }
  if (!cache.has(event.account_id)) cache.set(event.account_id, listWebhookItems(event.account_id));
  const endpoints = await (cache.get(event.account_id) as Promise<WebhookItem[]>);
  return endpoints.filter((webhook) => (webhook.events as string[]).includes(event.event_type));
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
