import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { lambdaContext } from './lambda-context';

/**
 * Runs the publisher Lambda handler in-process, as EventBridge Scheduler or an async invoke
 * would in AWS: same handler, same input ({post_id}).
 */
export async function invokePublisher(postId: string): Promise<void> {
  const { handler } = (await import('../functions/publish-post/handler')) as {
    handler: (event: { post_id: string }, context: Context) => Promise<unknown>;
  };
  await handler({ post_id: postId }, lambdaContext(randomUUID(), 'publish-post', 60_000));
}
