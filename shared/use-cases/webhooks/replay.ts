import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { webhookQueue } from '#shared/ports/registry';
import { putFirstDelivery, queryDeliveries, type DeliveryItem } from '#shared/store/webhook-deliveries';
import { scanUndispatchedWebhookEvents } from '#shared/store/webhook-events';
import { dispatchWebhookEvent, firstAttempt } from './dispatch';
import { ownWebhook } from './endpoints';

/**
 * Operators' replays (docs/runbook.md, "Replaying webhook deliveries"), through the admin command.
 * A delivery that gave up (its last attempt failed with no retry to follow) gets one more
 * attempt, due now, recorded and queued like any other: its webhook-id is the event's, so a
 * receiver that had it after all deduplicates it. Attempts beyond the eighth are not retried.
 */
export async function replayFailedDeliveries(
  accountId: string,
  webhookId: string,
  options: { eventId?: string; since?: Date } = {},
): Promise<{ event_id: string; attempt: number }[]> {
  await ownWebhook(accountId, webhookId);
  const latest = new Map<string, DeliveryItem>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryDeliveries(webhookId, { limit: 100, startKey, now: clock.now() });
    for (const row of page.deliveries) if ((latest.get(row.event_id)?.attempt ?? 0) < row.attempt) latest.set(row.event_id, row);
    startKey = page.nextKey;
  } while (startKey);
  const gaveUp = [...latest.values()].filter(
    (row) =>
      row.status === 'failed' &&
      row.next_attempt_at === null &&
      (options.eventId === undefined || row.event_id === options.eventId) &&
      (options.since === undefined || Date.parse(row.event_created_at) >= options.since.getTime()),
  );
  const queue = await webhookQueue();
  const replayed = [];
  for (const row of gaveUp) {
    const task = {
      webhook_id: webhookId,
      account_id: accountId,
      event_id: row.event_id,
      event_created_at: row.event_created_at,
      attempt: row.attempt + 1,
      due_at: clock.now().toISOString(),
    };
    if (!(await putFirstDelivery(firstAttempt(task, row)))) continue;
    await queue.send(task);
    replayed.push({ event_id: row.event_id, attempt: task.attempt });
  }
  logger.info('webhook deliveries replayed', { webhook_id: webhookId, replayed: replayed.length });
  return replayed;
}

/**
 * Events the stream never got dispatched (the dispatcher failed every retry and dead-lettered
 * the batch): dispatched again. A Scan of the table, for an operator, never on a request path.
 */
export async function redispatchEvents(recordedBefore: Date): Promise<{ event_id: string; endpoints: number }[]> {
  const stuck = (await scanUndispatchedWebhookEvents()).filter((event) => Date.parse(event.created_at) < recordedBefore.getTime());
  const done = [];
  for (const event of stuck) done.push({ event_id: event.id, endpoints: await dispatchWebhookEvent(event) });
  return done;
}
