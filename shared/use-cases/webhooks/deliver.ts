import { config } from '#shared/config';
import { retryDelayMs } from '#shared/domain/webhook-retry';
import { signedHeaders } from '#shared/domain/webhook-signature';
import { OutboundRequestRefused, safeFetch } from '#shared/http-client/safe-fetch';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { webhookQueue, type DeliveryTask } from '#shared/ports/webhook-queue';
import { claimDelivery, completeDelivery, getDelivery, type AttemptResult, type DeliveryItem } from '#shared/store/webhook-deliveries';
import { getWebhookEvent } from '#shared/store/webhook-events';
import { getWebhookItem } from '#shared/store/webhooks';
import { firstAttempt } from './dispatch';
import { openWebhookSecret } from './secrets';

/** A 2xx within this is a delivery; the request is abandoned at it (CONTRACT section 12). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The most of a response body read; the rest is never downloaded. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** A claim older than this was left by a deliverer that died mid-attempt: the attempt is made again. */
export const DELIVERY_CLAIM_LEASE_MS = 60_000;
/** A task this early goes back to the queue rather than wait here. */
const MAX_EARLY_MS = 1_000;

/**
 * One attempt of one event to one endpoint: claimed (so a duplicate message does nothing),
 * signed, POSTed through the SSRF-safe client (the URL's name resolved and checked again now,
 * no redirects, 10 s, at most 64 KB read), recorded, and, when it failed and attempts remain,
 * the next one written pending in the same write and queued for its time.
 */
export async function deliverAttempt(task: DeliveryTask): Promise<void> {
  logger.appendKeys({ webhook_id: task.webhook_id, event_id: task.event_id, account_id: task.account_id, attempt: task.attempt });
  const now = clock.now();
  // A queue can hold a message back 15 minutes at most: a later attempt arrives early and is sent on.
  if (Date.parse(task.due_at) - now.getTime() > MAX_EARLY_MS) return (await webhookQueue()).send(task);
  const claimed = await claimDelivery(task, now, new Date(now.getTime() - DELIVERY_CLAIM_LEASE_MS));
  if (!claimed) return followUp(task);
  const result = await attempt(task);
  const next = result.next_attempt_at ? firstAttempt({ ...task, attempt: task.attempt + 1, due_at: result.next_attempt_at }, claimed) : undefined;
  if (!(await completeDelivery(claimed, result, next))) return logger.warn('webhook attempt outcome not recorded: its claim was taken over');
  logger.info('webhook attempt', { event_type: claimed.event_type, result: result.status, response_status: result.response_status, error: result.error, duration_ms: result.duration_ms, next_attempt_at: result.next_attempt_at });
  if (next) await (await webhookQueue()).send({ ...task, attempt: next.attempt, due_at: next.next_attempt_at as string });
}

async function attempt(task: DeliveryTask): Promise<AttemptResult> {
  const started = performance.now();
  const [event, webhook] = await Promise.all([getWebhookEvent(task.event_id), getWebhookItem(task.account_id, task.webhook_id)]);
  // Nothing left to send, or no one to send it to: not worth another attempt.
  if (!webhook) return final('The webhook was deleted', started);
  if (!event) return final('The event has expired', started);
  const secret = await openWebhookSecret(webhook);
  const headers = { ...signedHeaders(secret, event.id, clock.now(), event.body), 'content-type': 'application/json' };
  let failure: { status: number | null; error: string };
  try {
    const response = await safeFetch(webhook.url, {
      method: 'POST', body: event.body, headers, timeoutMs: DELIVERY_TIMEOUT_MS, maxBytes: MAX_RESPONSE_BYTES, maxRedirects: 0, local: config.local,
    });
    if (response.status >= 200 && response.status <= 299) {
      return { status: 'succeeded', response_status: response.status, error: null, duration_ms: elapsed(started), next_attempt_at: null };
    }
    failure = { status: response.status, error: response.status >= 300 && response.status <= 399 ? `Answered ${response.status}: redirects are not followed` : `Answered ${response.status}; only a 2xx is a delivery` };
  } catch (error) {
    failure = { status: null, error: refusalText(error) };
  }
  const delay = retryDelayMs(task.attempt);
  return {
    status: 'failed',
    response_status: failure.status,
    error: failure.error,
    duration_ms: elapsed(started),
    next_attempt_at: delay === undefined ? null : new Date(clock.now().getTime() + delay).toISOString(),
  };
}

const elapsed = (started: number) => Math.round(performance.now() - started);
const final = (error: string, started: number): AttemptResult => ({ status: 'failed', response_status: null, error, duration_ms: elapsed(started), next_attempt_at: null });

function refusalText(error: unknown): string {
  if (!(error instanceof OutboundRequestRefused)) throw error;
  if (error.reason === 'timeout') return `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  if (error.reason === 'network') return `Could not connect (${error.message})`;
  return `Refused: ${error.message}`;
}

/**
 * The attempt was not ours to make: a duplicate message, or one whose first run stopped after
 * recording the attempt and before queueing the next. Queue the next attempt if it is still
 * waiting (a duplicate of that message is harmless: it finds it claimed or done).
 */
async function followUp(task: DeliveryTask): Promise<void> {
  const row: DeliveryItem | undefined = await getDelivery(task);
  if (row?.status !== 'failed' || !row.next_attempt_at) return logger.info('webhook attempt already taken', { status: row?.status ?? 'missing' });
  const next: DeliveryTask = { ...task, attempt: task.attempt + 1, due_at: row.next_attempt_at };
  if ((await getDelivery(next))?.status === 'pending') await (await webhookQueue()).send(next);
}
