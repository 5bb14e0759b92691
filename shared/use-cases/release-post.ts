import { preparationOf, queueDelaySeconds, type PublishTrigger } from '#shared/domain/publish-timing';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { publishQueue } from '#shared/ports/registry';

/**
 * Puts a released post on the publish queue with the whole seconds still to go before its time,
 * so the queue (not a function) waits, and a message with no delay that prepares its link card in
 * the minute or two left (shared/use-cases/link-card-prep.ts). Reads nothing: the publisher checks
 * the post itself (a post without a link costs that message one read).
 */
export async function releasePost(trigger: PublishTrigger & { due_at: string }): Promise<void> {
  const delaySeconds = queueDelaySeconds(new Date(trigger.due_at), clock.now());
  const queue = await publishQueue();
  await queue.send(trigger, delaySeconds);
  // Best effort: without it the publisher makes the card at the due time, as before.
  await queue
    .send(preparationOf(trigger), 0)
    .catch((error: unknown) =>
      logger.warn('link card preparation not queued; the publisher makes the card at the due time', { error: error as Error }),
    );
  logger.info('post released to the publish queue', { post_id: trigger.post_id, due_at: trigger.due_at, delay_seconds: delaySeconds });
}
