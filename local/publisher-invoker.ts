import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/**
 * Runs the publisher Lambda handler in-process, as EventBridge Scheduler or an async invoke
 * would in AWS: same handler, same input ({post_id}).
 */
export async function invokePublisher(postId: string): Promise<void> {
  const { handler } = (await import('../functions/publish-post/handler')) as {
    handler: (event: { post_id: string }, context: Context) => Promise<unknown>;
  };
  const requestId = randomUUID();
  await handler({ post_id: postId }, {
    awsRequestId: requestId,
    functionName: 'publish-post',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:publish-post',
    memoryLimitInMB: '256',
    logGroupName: '/local/publish-post',
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 60_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  });
}
