import type { Context } from 'aws-lambda';
import { parseTrigger } from '#shared/domain/publish-timing';
import { logger, withLogScope } from '#shared/logger';
import { releasePost } from '#shared/use-cases/release-post';

/**
 * The target of a post's release schedule, which EventBridge Scheduler fires anywhere in the
 * minute it names, two minutes before the post's own minute: puts the post on the publish queue
 * with the whole seconds still to go, so the queue (not a function) waits. Reads nothing: the
 * publisher checks the post itself. An error fails the invocation: Scheduler retries, then
 * dead-letters.
 */
export async function handler(event: unknown, context: Context): Promise<void> {
  return withLogScope({ request_id: context.awsRequestId, operation: 'release-post' }, async () => {
    const trigger = parseTrigger(event);
    if (!trigger?.due_at) return logger.error('release invoked without a valid trigger', { input_keys: Object.keys(event ?? {}) });
    await releasePost({ ...trigger, due_at: trigger.due_at });
  });
}
