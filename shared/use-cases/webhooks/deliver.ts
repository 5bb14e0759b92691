import { config } from '#shared/config';
import { retryDelayMs } from '#shared/domain/webhook-retry';
import { signingSecrets } from '#shared/domain/webhook-secret-rotation';
import { signedHeaders } from '#shared/domain/webhook-signature';
import { OutboundRequestRefused, safeFetch } from '#shared/http-client/safe-fetch';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { webhookQueue } from '#shared/ports/registry';
import { type DeliveryTask } from '#shared/ports/webhook-queue';
import { completeDelivery, getDelivery, type AttemptResult } from '#shared/store/webhook-deliveries';
import { type WebhookEvent } from '#shared/domain/webhook';
import { getWebhookEvent } from '#shared/store/webhook-events';
import { getWebhookItem, type WebhookItem } from '#shared/store/webhooks';
import { firstAttempt } from './dispatch';
import { openWebhookSecret } from './secrets';

/** A 2xx within this is a delivery; the request is abandoned at it (docs/api.md, "Webhooks"). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The most of a response body read; the rest is never downloaded. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** A task this early goes back to the queue rather than wait here. */
const MAX_EARLY_MS = 1_000;

/**
 * One attempt of one event to one endpoint: signed, POSTed through the SSRF-safe client (the
 * URL's name resolved and checked again now, no redirects, 10 s, at most 64 KB read), and
 * recorded once, with, when it failed and attempts remain, the next one written pending in the
 * same write and queued for its time. A duplicate run (a queue's repeated message) may send
 * again, which receivers deduplicate on webhook-id, but records and schedules nothing more.
 */
export async function deliverAttempt(task: DeliveryTask): Promise<void> {
  logger.appendKeys({ webhook_id: task.webhook_id, event_id: task.event_id, account_id: task.account_id, attempt: task.attempt });
  if (await sendOnIfEarly(task)) return;
  const event = await eventOf(task.event_id);
  const result = await attempt(task, event);
  const next =
    result.next_attempt_at && event
      ? firstAttempt({ ...task, attempt: task.attempt + 1, due_at: result.next_attempt_at }, event)
      : undefined;
  if (!(await completeDelivery(task, result, next))) return followUp(task);
  logger.info('webhook attempt', {
    event_type: event?.event_type,
    result: result.status,
    response_status: result.response_status,
    error: result.error,
    duration_ms: result.duration_ms,
    next_attempt_at: result.next_attempt_at,
  });
  if (next)
    await (
      await webhookQueue()
    ).send({
      webhook_id: task.webhook_id,
      account_id: task.account_id,
      event_id: task.event_id,
      event_created_at: task.event_created_at,
      attempt: next.attempt,
      due_at: result.next_attempt_at as string,
    });
}

/**
 * A message that arrives more than a second before its attempt is due (an operator's redrive, a
 * schedule that fired early) goes back through the queue port for the time still to go: within
 * 15 minutes with a queue delay, later through a one-time schedule, never as a chain of sends to
 * the deliverer's own queue that Lambda's recursive-loop detection would stop
 * (docs/decisions/0171-webhook-retries-wait-in-scheduler.md). True when sent on.
 */
export async function sendOnIfEarly(task: DeliveryTask): Promise<boolean> {
  if (Date.parse(task.due_at) - clock.now().getTime() <= MAX_EARLY_MS) return false;
  await (await webhookQueue()).send(task);
  return true;
}

async function attempt(task: DeliveryTask, event: WebhookEvent | undefined): Promise<AttemptResult> {
  const attemptedAt = clock.now();
  const started = performance.now();
  const webhook = await endpointOf(task);
  // Nothing left to send, or no one to send it to: not worth another attempt.
  if (!webhook) return final('The webhook was deleted', attemptedAt, started);
  if (!event) return final('The event has expired', attemptedAt, started);
  // After a rotation the replaced secrets sign too, for their 24 hours (docs/api.md, "Webhooks").
  const signedAt = clock.now();
  const secrets = await Promise.all(signingSecrets(webhook, signedAt).map((secret) => openWebhookSecret({ ...webhook, secret })));
  const headers = { ...signedHeaders(secrets, event.id, signedAt, event.body), 'content-type': 'application/json' };
  let failure: { status: number | null; error: string };
  try {
    const response = await safeFetch(webhook.url, {
      method: 'POST',
      body: event.body,
      headers,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      maxBytes: MAX_RESPONSE_BYTES,
      maxRedirects: 0,
      local: config.local,
    });
    if (response.status >= 200 && response.status <= 299) {
      return {
        status: 'succeeded',
        attempted_at: attemptedAt.toISOString(),
        response_status: response.status,
        error: null,
        duration_ms: elapsed(started),
        next_attempt_at: null,
      };
    }
    failure = {
      status: response.status,
      error:
        response.status >= 300 && response.status <= 399
          ? `Answered ${response.status}: redirects are not followed`
          : `Answered ${response.status}; only a 2xx is a delivery`,
    };
  } catch (error) {
    failure = { status: null, error: refusalText(error) };
  }
  const delay = retryDelayMs(task.attempt);
  return {
    status: 'failed',
    attempted_at: attemptedAt.toISOString(),
    response_status: failure.status,
    error: failure.error,
    duration_ms: elapsed(started),
    next_attempt_at: delay === undefined ? null : new Date(clock.now().getTime() + delay).toISOString(),
  };
}

/**
 * The endpoint as the dispatcher saw it, for a first attempt made at once (one read fewer per
 * delivery: an endpoint deleted in those milliseconds may still get that one); read again for
 * every later attempt, so a deleted endpoint gets no retry.
 */
async function endpointOf(
  task: DeliveryTask,
): Promise<Pick<WebhookItem, 'id' | 'account_id' | 'url' | 'secret' | 'previous_secrets'> | undefined> {
  if (task.attempt === 1 && task.endpoint) return { id: task.webhook_id, account_id: task.account_id, ...task.endpoint };
  return getWebhookItem(task.account_id, task.webhook_id);
}

/**
 * Events never change once written, and each goes to several endpoints: a few hundred are kept
 * in memory (per Lambda container, or the local process).
 */
const recentEvents = new Map<string, WebhookEvent>();
async function eventOf(eventId: string): Promise<WebhookEvent | undefined> {
  const cached = recentEvents.get(eventId);
  if (cached) return cached;
  const event = await getWebhookEvent(eventId);
  if (event) {
    if (recentEvents.size >= 500) recentEvents.delete(recentEvents.keys().next().value as string);
    recentEvents.set(eventId, event);
  }
  return event;
}

const elapsed = (started: number) => Math.round(performance.now() - started);
const final = (error: string, at: Date, started: number): AttemptResult => ({
  status: 'failed',
  attempted_at: at.toISOString(),
  response_status: null,
  error,
  duration_ms: elapsed(started),
  next_attempt_at: null,
});

function refusalText(error: unknown): string {
  if (!(error instanceof OutboundRequestRefused)) throw error;
  if (error.reason === 'timeout') return `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  if (error.reason === 'network') return `Could not connect (${error.message})`;
  return `Refused: ${error.message}`;
}

/**
 * The attempt had been recorded already: a duplicate message, or one whose first run stopped
 * after recording the attempt and before queueing the next. Queue the next attempt if it is
 * still waiting (a duplicate of that message is harmless in turn).
 */
async function followUp(task: DeliveryTask): Promise<void> {
  const row = await getDelivery(task);
  logger.info('webhook attempt recorded already', { status: row?.status ?? 'missing' });
  if (row?.status !== 'failed' || !row.next_attempt_at) return;
  const next: DeliveryTask = {
    webhook_id: task.webhook_id,
    account_id: task.account_id,
    event_id: task.event_id,
    event_created_at: task.event_created_at,
    attempt: task.attempt + 1,
    due_at: row.next_attempt_at,
  };
  if ((await getDelivery(next))?.status === 'pending') await (await webhookQueue()).send(next);
}
