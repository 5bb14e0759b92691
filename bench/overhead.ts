import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { FloorStep } from './floor';
import { keepAliveCaller } from './http-client';
import { sequential, summarize, type LatencySummary } from './stats';
import { httpApiEvent, lambdaContext } from './synthetic-event';

/** One endpoint measured one request at a time at three depths. */
export interface OverheadCase {
  name: string;
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  routeKey: string;
  query?: Record<string, string>;
  body?: string;
  apiKey: string;
  floor: FloorStep;
}

export interface OverheadFigures {
  name: string;
  /** The DynamoDB requests alone (the floor). */
  floor: LatencySummary;
  /** The Lambda handler called in-process with a synthetic event: middleware + handler + floor. */
  handler: LatencySummary;
  /** Through the local HTTP server: + HTTP, the event adapter and the router. */
  http: LatencySummary;
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const WARMUP = 20;

/**
 * Sequential, so no request waits for another: the differences between the three depths are
 * the cost of the layers themselves. The depths take turns request by request (in a rotating
 * order), so a slow moment of the machine hits all three alike.
 */
export async function measureOverhead(baseUrl: string, testCase: OverheadCase, iterations: number): Promise<OverheadFigures> {
  const { handler } = (await import(`../functions/${testCase.operation}/handler`)) as { handler: Handler };
  const headers: Record<string, string> = {
    'x-api-key': testCase.apiKey,
    ...(testCase.body ? { 'content-type': 'application/json' } : {}),
  };
  const query = testCase.query ? `?${new URLSearchParams(testCase.query)}` : '';
  const caller = keepAliveCaller(baseUrl);
  const expect2xx = (status: number | undefined) => {
    if (!status || status < 200 || status >= 300) throw new Error(`${testCase.name}: status ${status} in the overhead measurement`);
  };
  const layers = {
    floor: testCase.floor,
    handler: async () => {
      const event = httpApiEvent({
        method: testCase.method,
        path: testCase.path,
        routeKey: testCase.routeKey,
        headers,
        query: testCase.query,
        body: testCase.body,
      });
      expect2xx((await handler(event, lambdaContext(testCase.operation))).statusCode);
    },
    http: async () => expect2xx(await caller.call(testCase.method, `${testCase.path}${query}`, headers, testCase.body)),
  };
  const samples: Record<keyof typeof layers, number[]> = { floor: [], handler: [], http: [] };
  const order = Object.entries(layers) as [keyof typeof layers, FloorStep][];
  try {
    for (const [, step] of order) await sequential(WARMUP, step);
    for (let index = 0; index < iterations; index += 1) {
      for (let turn = 0; turn < order.length; turn += 1) {
        const [name, step] = order[(index + turn) % order.length];
        samples[name].push(...(await sequential(1, step)));
      }
    }
  } finally {
    caller.close();
  }
  return { name: testCase.name, floor: summarize(samples.floor), handler: summarize(samples.handler), http: summarize(samples.http) };
}
