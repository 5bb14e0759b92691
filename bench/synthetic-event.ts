import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

/** The event API Gateway (HTTP API, payload 2.0) sends, built by hand for in-process calls. */
export function httpApiEvent(input: {
  method: string;
  path: string;
  routeKey: string;
  headers: Record<string, string>;
  query?: Record<string, string>;
  body?: string;
}): APIGatewayProxyEventV2 {
  const now = new Date();
  const rawQueryString = new URLSearchParams(input.query ?? {}).toString();
  return {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath: input.path,
    rawQueryString,
    headers: { host: 'bench.local', 'user-agent': 'bench', ...input.headers },
    queryStringParameters: input.query,
    requestContext: {
      accountId: 'bench',
      apiId: 'bench',
      domainName: 'bench.local',
      domainPrefix: 'bench',
      http: { method: input.method, path: input.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: randomUUID(),
      routeKey: input.routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: input.body,
    isBase64Encoded: false,
  };
}

export function lambdaContext(operation: string): Context {
  return {
    awsRequestId: randomUUID(),
    functionName: operation,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${operation}`,
    memoryLimitInMB: '256',
    logGroupName: `/bench/${operation}`,
    logStreamName: 'bench',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 29_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
