import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseTrigger, type PublishTrigger } from '#shared/domain/publish-timing';
import { logger, withLogScope } from '#shared/logger';
import { publishPost, type PublishRun } from '#shared/use-cases/publish-post';

/** A batch from the publish queue, or a trigger invoked directly (schedules made before the queue existed). */
type PublishEvent = SQSEvent | PublishTrigger | Record<string, unknown>;

/**
 * The publisher, consuming the publish queue (SQS event source with a maximum concurrency, so a
 * burst waits in the queue instead of exceeding it). A record whose run throws is reported as a
 * batch item failure: SQS delivers it again after the visibility timeout, then dead-letters it.
 * Publishing is idempotent per platform, so a retry is safe.
 */
export async function handler(event: PublishEvent, context: Context): Promise<SQSBatchResponse | void> {
  return withLogScope({ request_id: context.awsRequestId, operation: 'publish-post' }, async () => {
    if (!isSqsEvent(event)) {
      await publishLogged(parseTrigger(event), Object.keys(event ?? {}));
      return;
    }
    const failures = await Promise.all(
      event.Records.map(async (record) => {
        try {
          const run = await publishLogged(parseTrigger(record.body), ['body']);
          if (!run.heldElsewhereUntil) return undefined;
          // Another run holds a platform: delivered again after the visibility timeout (longer than
          // the claim's lease), this message finishes the post if that run died mid-publish.
          logger.warn('post left to another run for now; the message will be delivered again', {
            message_id: record.messageId,
            held_until: run.heldElsewhereUntil.toISOString(),
          });
          return { itemIdentifier: record.messageId };
        } catch (error) {
          logger.error('publisher run failed; the message will be delivered again', {
            message_id: record.messageId,
            error: error as Error,
          });
          return { itemIdentifier: record.messageId };
        }
      }),
    );
    return { batchItemFailures: failures.filter((failure) => failure !== undefined) };
  });
}

const isSqsEvent = (event: PublishEvent): event is SQSEvent => Array.isArray((event as SQSEvent)?.Records);

async function publishLogged(trigger: PublishTrigger | undefined, inputKeys: string[]): Promise<PublishRun> {
  // Nothing to retry in a malformed trigger: logged and dropped.
  if (!trigger) {
    logger.error('publisher invoked without a valid trigger', { input_keys: inputKeys });
    return {};
  }
  const started = performance.now();
  try {
    return await publishPost(trigger);
  } finally {
    logger.info('publisher run', { post_id: trigger.post_id, latency_ms: Math.round(performance.now() - started) });
  }
}
