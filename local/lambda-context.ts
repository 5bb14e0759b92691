import type { Context } from 'aws-lambda';

/** The Lambda context a local invocation hands a handler, as the Lambda runtime would. */
export function lambdaContext(requestId: string, functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    awsRequestId: requestId,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    logGroupName: `/local/${functionName}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
