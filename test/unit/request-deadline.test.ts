import { createServer, type Server, type Socket } from 'node:net';
import type { Context } from 'aws-lambda';
import type { HttpEvent } from '#shared/http/types';

/**
 * The request deadline (shared/http/request-deadline.ts; docs/decisions.md, "A deadline on every
 * request") on the real middleware stack, against a "store" that accepts connections and never
 * answers: the answer is 503 SERVICE_UNAVAILABLE with retry-after at the deadline, the store call in
 * flight is abandoned then (no retry sent after it), and the function's remaining time caps the
 * budget. Also the arithmetic that keeps the store client's own bound inside the budget.
 */
const DEADLINE_MS = 300;

let store: Server;
const connections: Socket[] = [];
let requestsSeen = 0;

beforeAll(async () => {
  store = createServer((socket) => {
    connections.push(socket);
    socket.on('data', (chunk: Buffer) => (requestsSeen += (chunk.toString().match(/^POST /gm) ?? []).length));
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  const { port } = store.address() as { port: number };
  // Read by the modules below when they load (as Lambda hands settings over).
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${port}`,
    REQUEST_DEADLINE_MS: String(DEADLINE_MS),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'SILENT',
  });
});
afterAll(async () => {
  for (const socket of connections) socket.destroy();
  await new Promise((resolve) => store.close(resolve));
});

const event = (operation: string): HttpEvent =>
  ({
    version: '2.0',
    routeKey: `GET /${operation}`,
    rawPath: `/${operation}`,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: `req-${operation}`, http: { method: 'GET', path: `/${operation}` } },
  }) as unknown as HttpEvent;

const lambdaContext = (remainingMs = 25_000): Context => {
  const end = Date.now() + remainingMs;
  return { awsRequestId: 'aws-request', getRemainingTimeInMillis: () => end - Date.now() } as unknown as Context;
};

describe('the request deadline', () => {
  it('answers 503 SERVICE_UNAVAILABLE with retry-after when the store never answers, and abandons the call in flight', async () => {
    const { apiHandler } = await import('#shared/http/api-handler');
    const { db, tableName, STORE_ATTEMPT_TIMEOUT_MS, STORE_MAX_ATTEMPTS } = await import('#shared/store/client');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    let storeCall: Promise<unknown> | undefined;
    const handler = apiHandler({
      operation: 'list-profiles',
      auth: 'none',
      handle: async () => {
        storeCall = db.send(new GetCommand({ TableName: tableName, Key: { pk: 'x', sk: 'y' } }));
        await storeCall;
        return { statusCode: 200, body: {} };
      },
    });

    const started = performance.now();
    const response = await handler(event('list-profiles'), lambdaContext());
    const elapsed = performance.now() - started;

    expect({ ...response, body: JSON.parse(response.body as string) }).toEqual({
      statusCode: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '1', 'x-request-id': 'req-list-profiles' },
      body: { error: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/retry/) },
    });
    // At the deadline, not when the store client's own attempts (1 s each, 3 of them) give up.
    expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    expect(elapsed).toBeLessThan(STORE_MAX_ATTEMPTS * STORE_ATTEMPT_TIMEOUT_MS);
    // The call in flight was abandoned: over, with its first attempt the only one sent.
    await expect(storeCall).rejects.toMatchObject({ name: 'AbortError' });
    expect(requestsSeen).toBe(1);
  });

  it('gives a request that answers in time its own answer', async () => {
    const { apiHandler } = await import('#shared/http/api-handler');
    const handler = apiHandler({ operation: 'get-usage', auth: 'none', handle: async () => ({ statusCode: 200, body: { ok: true } }) });
    const response = await handler(event('get-usage'), lambdaContext());
    expect([response.statusCode, response.body]).toEqual([200, '{"ok":true}']);
  });

  it('is capped by the function’s remaining time, less the margin to answer', async () => {
    const { budgetOf, LAMBDA_MARGIN_MS } = await import('#shared/http/request-deadline');
    const { apiHandler } = await import('#shared/http/api-handler');
    expect(budgetOf('connect-bluesky')).toBe(20_000);
    const handler = apiHandler({ operation: 'connect-bluesky', auth: 'none', handle: () => new Promise(() => undefined) });
    const started = performance.now();
    const response = await handler(event('connect-bluesky'), lambdaContext(LAMBDA_MARGIN_MS + 100));
    expect(response.statusCode).toBe(503);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('the budget arithmetic (docs/decisions.md, "A deadline on every request")', () => {
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
