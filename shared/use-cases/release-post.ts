import { queueDelaySeconds, type PublishTrigger } from '#shared/domain/publish-timing';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { publishQueue } from '#shared/ports/registry';

/**
 * Puts a released post on the publish queue with the whole seconds still to go before its time,
 * so the queue (not a function) waits. Reads nothing: the publisher checks the post itself.
 */
export async function releasePost(trigger: PublishTrigger & { due_at: string }): Promise<void> {
  const delaySeconds = queueDelaySeconds(new Date(trigger.due_at), clock.now());
  await (await publishQueue()).send(trigger, delaySeconds);
  logger.info('post released to the publish queue', { post_id: trigger.post_id, due_at: trigger.due_at, delay_seconds: delaySeconds });
}
