import { createServer, type Server, type Socket } from 'node:net';
import type { Context } from 'aws-lambda';
import type { HttpEvent } from '#shared/http/types';
import type { Route } from '#shared/http/routes';

/**
 * The request deadline (shared/http/request-deadline.ts; docs/decisions/0038-a-deadline-on-every-request.md) on the real middleware stack, against a "store" that accepts connections and never
 * answers: the answer is 503 SERVICE_UNAVAILABLE with retry-after at the deadline, the store call in
 * flight is abandoned then (no retry sent after it), and the function's remaining time caps the
 * budget. Also the arithmetic that keeps the store client's own bound inside the budget.
 */
let store: Server;
let endpoint: string;
const connections: Socket[] = [];
let requestsSeen = 0;

beforeAll(async () => {
  store = createServer((socket) => {
    connections.push(socket);
    socket.on('data', (chunk: Buffer) => (requestsSeen += (chunk.toString().match(/^POST /gm) ?? []).length));
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(store.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const socket of connections) socket.destroy();
  await new Promise((resolve) => store.close(resolve));
});

/** The service's modules loaded afresh with these settings (read at load, as Lambda hands them over). */
async function loadService(settings: Record<string, string>) {
  jest.resetModules();
  Object.assign(process.env, { DYNAMODB_ENDPOINT: endpoint, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'SILENT', ...settings });
  requestsSeen = 0;
  const { apiHandler } = await import('#shared/http/api-handler');
  const client = await import('#shared/store/client');
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const calls: Promise<unknown>[] = [];
  /** An endpoint whose one store call meets the store that never answers. */
  const stalled = (operation: string) =>
    apiHandler({
      operation,
      routes: unauthenticated(operation),
      handle: async () => {
        const call = client.db.send(new GetCommand({ TableName: client.tableName, Key: { pk: 'x', sk: 'y' } }));
        calls.push(call);
        await call;
        return { statusCode: 200, body: {} };
      },
    });
  return { apiHandler, client, calls, stalled };
}

/** A route of the operation's own, without authentication: the deadline is the subject here. */
const unauthenticated = (operation: string): Route[] => [{ method: 'GET', path: `/${operation}`, operation, auth: 'none' }];

const event = (operation: string): HttpEvent =>
  ({
    version: '2.0',
    routeKey: `GET /${operation}`,
    rawPath: `/${operation}`,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: `req-${operation}`, routeKey: `GET /${operation}`, http: { method: 'GET', path: `/${operation}` } },
  }) as unknown as HttpEvent;

const lambdaContext = (remainingMs = 25_000): Context => {
  const end = Date.now() + remainingMs;
  return { awsRequestId: 'aws-request', getRemainingTimeInMillis: () => end - Date.now() } as unknown as Context;
};

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; elapsed: number }> {
  const started = performance.now();
  const result = await work();
  return { result, elapsed: performance.now() - started };
}

describe('the request deadline', () => {
  it('answers 503 SERVICE_UNAVAILABLE with retry-after when the store never answers, and abandons the call in flight', async () => {
    const { calls, stalled } = await loadService({ SERVICE_RUNTIME: 'local', REQUEST_DEADLINE_MS: '1500' });
    const { result: response, elapsed } = await timed(() => stalled('list-profiles')(event('list-profiles'), lambdaContext()));

    expect({ ...response, body: JSON.parse(response.body as string) }).toEqual({
      statusCode: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '1', 'x-request-id': 'req-list-profiles' },
      body: { error: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/retry/) },
    });
    // At the deadline, not after it.
    expect(elapsed).toBeGreaterThanOrEqual(1495);
    expect(elapsed).toBeLessThan(2500);
    // The call in flight was abandoned: over, with its first attempt the only one sent.
    await expect(calls[0]).rejects.toMatchObject({ name: 'AbortError' });
    expect(requestsSeen).toBe(1);
  });

  it('in AWS gives up a dead attempt after STORE_ATTEMPT_TIMEOUT_MS and tries again on a new connection, until the deadline', async () => {
    const { client, calls, stalled } = await loadService({ SERVICE_RUNTIME: 'aws', REQUEST_DEADLINE_MS: '2500' });
    const { result: response, elapsed } = await timed(() => stalled('get-usage')(event('get-usage'), lambdaContext()));
    expect([response.statusCode, response.headers['retry-after']]).toEqual([503, '1']);
    expect(elapsed).toBeGreaterThanOrEqual(2495);
    await expect(calls[0]).rejects.toMatchObject({ name: 'AbortError' });
    // Attempts at 0 s and after 1 s (+ backoff), perhaps a third after 2 s: never one after the deadline.
    expect(requestsSeen).toBeGreaterThanOrEqual(2);
    expect(requestsSeen).toBeLessThanOrEqual(client.STORE_MAX_ATTEMPTS);
  });

  it('gives a request that answers in time its own answer', async () => {
    const { apiHandler } = await loadService({ SERVICE_RUNTIME: 'local', REQUEST_DEADLINE_MS: '300' });
    const handler = apiHandler({
      operation: 'get-usage',
      routes: unauthenticated('get-usage'),
      handle: async () => ({ statusCode: 200, body: { ok: true } }),
    });
    const response = await handler(event('get-usage'), lambdaContext());
    expect([response.statusCode, response.body]).toEqual([200, '{"ok":true}']);
  });

  it('is capped by the function’s remaining time, less the margin to answer', async () => {
    const { apiHandler } = await loadService({ SERVICE_RUNTIME: 'local', REQUEST_DEADLINE_MS: '300' });
    const { budgetOf, LAMBDA_MARGIN_MS } = await import('#shared/http/request-deadline');
    expect([budgetOf('connect-bluesky'), budgetOf('list-profiles')]).toEqual([20_000, 300]);
    const handler = apiHandler({
      operation: 'connect-bluesky',
      routes: unauthenticated('connect-bluesky'),
      handle: () => new Promise(() => undefined),
    });
    const { result: response, elapsed } = await timed(() => handler(event('connect-bluesky'), lambdaContext(LAMBDA_MARGIN_MS + 100)));
    expect(response.statusCode).toBe(503);
    expect(elapsed).toBeLessThan(1_000);
  });
});

describe('the budget arithmetic (docs/decisions/0038-a-deadline-on-every-request.md)', () => {
  it('fits every store call, attempts and backoff included, inside the default deadline, and the longest budget inside the function', async () => {
    const { STORE_ATTEMPT_TIMEOUT_MS, STORE_MAX_ATTEMPTS } = await import('#shared/store/client');
    const { envToConfig } = await import('#shared/config');
    const { LAMBDA_MARGIN_MS } = await import('#shared/http/request-deadline');
    const { API_FUNCTION_TIMEOUT_SECONDS } = await import('../../lib/api-function');
    const defaults = envToConfig({}).requestDeadline;
    // The SDK's standard retry waits at most 100 ms × 2^n before retry n (full jitter).
    const maxBackoffMs = Array.from({ length: STORE_MAX_ATTEMPTS - 1 }, (_, n) => 100 * 2 ** (n + 1)).reduce((a, b) => a + b, 0);
    expect(STORE_MAX_ATTEMPTS * STORE_ATTEMPT_TIMEOUT_MS + maxBackoffMs).toBeLessThanOrEqual(defaults.storeMs);
    // docs/api.md, "Errors": a stalled store is answered within 5 s.
    expect(defaults.storeMs).toBeLessThan(5_000);
    // The API functions' Lambda timeout, itself under API Gateway's 30 s.
    expect(defaults.outboundMs + LAMBDA_MARGIN_MS).toBeLessThanOrEqual(API_FUNCTION_TIMEOUT_SECONDS * 1000);
    expect(API_FUNCTION_TIMEOUT_SECONDS).toBeLessThan(30);
  });
});
