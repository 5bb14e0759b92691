import { parseTrigger, type PublishTrigger } from '#shared/domain/publish-timing';
import { redeliveryDelaySeconds, type Redelivery } from '#shared/domain/publish-redelivery';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { publishQueue } from '#shared/ports/registry';
import { publishPost, type PublishRun } from './publish-post';
import { leaseVisibility } from './visibility-lease';

/** A publish-queue message as its delivery carries it (an SQS record, or the local queue's). */
export interface QueuedTrigger {
  messageId: string;
  /** The handle that changes this delivery's visibility; absent in hand-made events (tests). */
  receiptHandle?: string;
  body: string;
  /** ApproximateReceiveCount: 1 on the first delivery. */
  receiveCount: number;
}

/**
 * Runs each message's trigger and returns the ids of those to report as failed. Such a message is
 * first made visible again when it should be retried (docs/decisions/0033-publish-retries-in-seconds.md): seconds after a run that threw, one second after the claim lease of a run holding its
 * platforms. Publishing is idempotent per platform, so a retry is safe.
 */
export async function publishQueued(records: QueuedTrigger[]): Promise<string[]> {
  const failed = await Promise.all(records.map(async (record) => ((await publishRecord(record)) ? record.messageId : undefined)));
  return failed.filter((messageId) => messageId !== undefined);
}

/**
 * Whether the record is to be reported as failed (given back to the queue). While it runs, the
 * record is leased (./visibility-lease.ts): if the runtime kills the invocation, this record and
 * its batch-mates are visible again within 30 s instead of after the queue's visibility timeout.
 */
async function publishRecord(record: QueuedTrigger): Promise<boolean> {
  const lease = record.receiptHandle
    ? leaseVisibility(record.receiptHandle, async (handle, seconds) => (await publishQueue()).holdFor(handle, seconds))
    : undefined;
  let redelivery: Redelivery;
  let failure: Error | undefined;
  try {
    const run = await publishLogged(parseTrigger(record.body), ['body']);
    if (!run.heldElsewhereUntil) return false;
    redelivery = { reason: 'held', heldUntil: run.heldElsewhereUntil, now: clock.now() };
  } catch (error) {
    failure = error as Error;
    redelivery = { reason: 'failed', receiveCount: record.receiveCount };
  } finally {
    await lease?.release();
  }
  const seconds = redeliveryDelaySeconds(redelivery);
  const redelivered = await redeliverIn(record, seconds);
  const fields = { message_id: record.messageId, receive_count: record.receiveCount, redelivery_in_s: redelivered ? seconds : undefined };
  if (redelivery.reason === 'held') {
    // If that run died mid-publish, this message takes its platforms over once the lease ends;
    // if it lives, the post is final by then and the message finds nothing to do.
    logger.warn('post left to another run for now; the message comes back when its claim lease ends', {
      ...fields,
      held_until: redelivery.heldUntil.toISOString(),
    });
  } else {
    logger.error('publisher run failed; the message will be delivered again', { ...fields, error: failure });
  }
  return true;
}

/** Changes the delivery's visibility; a failure leaves it to the queue's visibility timeout. */
async function redeliverIn(record: QueuedTrigger, seconds: number): Promise<boolean> {
  if (!record.receiptHandle) return false;
  try {
    await (await publishQueue()).redeliverIn(record.receiptHandle, seconds);
    return true;
  } catch (error) {
    logger.error('message visibility not changed; it comes back after the queue visibility timeout', {
      message_id: record.messageId,
      error: error as Error,
    });
    return false;
  }
}

/** Runs one trigger with the "publisher run" log line (latency, lateness). A malformed trigger is logged and dropped. */
export async function publishLogged(trigger: PublishTrigger | undefined, inputKeys: string[]): Promise<PublishRun> {
  if (!trigger) {
    logger.error('publisher invoked without a valid trigger', { input_keys: inputKeys });
    return {};
  }
  const started = performance.now();
  let run: PublishRun | undefined;
  try {
    run = await publishPost(trigger);
    return run;
  } finally {
    logger.info('publisher run', {
      post_id: trigger.post_id,
      latency_ms: Math.round(performance.now() - started),
      lateness_ms: run?.latenessMs,
    });
  }
}
