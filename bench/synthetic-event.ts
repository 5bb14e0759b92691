import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { lambdaContext as localLambdaContext } from '../local/lambda-context';

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

/** The context Lambda would hand the handler (the local server's own builder). */
export const lambdaContext = (operation: string): Context => localLambdaContext(randomUUID(), operation, 29_000);
