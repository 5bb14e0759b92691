import { ApiError, createSocialPostingClient, orThrow, type RetryOptions } from '../../client/src';

/**
 * The typed client's retry rules (docs/api.md, "Typed client") against a scripted fetch: what is
 * repeated, after how long, how often, and what is never sent twice. The service itself is in
 * test/integration/typed-client.test.ts.
 */
interface Sent {
  method: string;
  url: string;
  idempotencyKey: string | null;
  apiKey: string | null;
  body: string;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const POST_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const post = {
  id: POST_ID,
  content: 'Hello',
  platform_content: {},
  platforms: ['bluesky'],
  media: [],
  link_preview: true,
  status: 'scheduled',
  scheduled_for: '2026-12-01T10:00:00.000Z',
  created_at: '2026-11-25T10:00:00.000Z',
  published_at: null,
  results: {},
};
const usage = { limit: 10, used: 1, remaining: 9, resets_at: '2026-12-01T00:00:00.000Z' };
const unavailable = () => json(503, { error: 'SERVICE_UNAVAILABLE', message: 'Try again' });

/** A client whose fetch answers from `script` in order (a function may throw, as a network failure does). */
function scripted(script: (() => Response)[], retry: RetryOptions = {}) {
  const sent: Sent[] = [];
  const delays: number[] = [];
  const client = createSocialPostingClient({
    baseUrl: 'https://api.example.test/v1',
    apiKey: 'sk_test',
    fetch: async (request) => {
      sent.push({
        method: request.method,
        url: request.url,
        idempotencyKey: request.headers.get('idempotency-key'),
        apiKey: request.headers.get('x-api-key'),
        body: await request.text(),
      });
      const next = script.shift();
      if (!next) throw new Error('the script ran out: an unexpected request');
      return next();
    },
    retry: { sleep: async (ms) => void delays.push(ms), ...retry },
  });
  return { client, sent, delays };
}

const createBody = { content: 'Hello', platforms: ['bluesky' as const], scheduled_for: '2026-12-01T10:00:00Z' };

describe('typed client retries', () => {
  it('repeats a 429 after the retry-after header says, with the same request', async () => {
    const limited = () =>
      json(429, { error: 'RATE_LIMIT_EXCEEDED', message: 'Try again in 50 seconds', retry_after: 50 }, { 'retry-after': '50' });
    const { client, sent, delays } = scripted([limited, () => json(201, { post, usage })]);
    const { data, error } = await client.POST('/posts', { body: createBody });
    expect(error).toBeUndefined();
    expect(data?.post.id).toBe(POST_ID);
    expect(delays).toEqual([50_000]);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'https://api.example.test/v1/posts', apiKey: 'sk_test', idempotencyKey: null });
    expect(JSON.parse(sent[1].body)).toEqual(createBody);
  });

  it('takes retry_after from the body when there is no header, and an HTTP date in the header', async () => {
    const body = scripted([
      () => json(429, { error: 'RATE_LIMIT_EXCEEDED', message: 'Try again in 7 seconds', retry_after: 7 }),
      () => json(200, { usage: { ...usage, month: '2026-11' } }),
    ]);
    expect((await orThrow(body.client.GET('/usage'))).usage.month).toBe('2026-11');
    expect(body.delays).toEqual([7_000]);

    const now = Date.parse('2026-11-25T10:00:00Z');
    const dated = scripted(
      [
        () => new Response('', { status: 503, headers: { 'retry-after': 'Wed, 25 Nov 2026 10:00:12 GMT' } }),
        () => json(200, { profiles: [] }),
      ],
      { now: () => now },
    );
    expect(await orThrow(dated.client.GET('/profiles'))).toEqual({ profiles: [] });
    expect(dated.delays).toEqual([12_000]);
  });

  it('returns a 429 that advertises no wait (the monthly limit) at once, typed by its code', async () => {
    const { client, sent, delays } = scripted([
      () =>
        json(429, {
          error: 'MONTHLY_LIMIT_EXCEEDED',
          message: 'Monthly limit reached',
          limit: 10,
          used: 10,
          resets_at: '2026-12-01T00:00:00.000Z',
        }),
    ]);
    const { error } = await client.POST('/posts', { body: createBody, idempotencyKey: 'k-1' });
    expect(sent).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.status).toBe(429);
    if (error?.code !== 'MONTHLY_LIMIT_EXCEEDED') throw new Error(`expected MONTHLY_LIMIT_EXCEEDED, got ${error?.code}`);
    const { limit, used, resets_at }: { limit: number; used: number; resets_at: string } = error.body;
    expect([limit, used, resets_at]).toEqual([10, 10, '2026-12-01T00:00:00.000Z']);
  });

  it('never sends a POST twice after a 5xx without an idempotency-key; with one, repeats it with the same key', async () => {
    const once = scripted([unavailable]);
    const { error } = await once.client.POST('/posts', { body: createBody });
    expect(once.sent).toHaveLength(1);
    expect(once.delays).toEqual([]);
    expect([error?.status, error?.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);

    const keyed = scripted([
      () => json(503, { error: 'SERVICE_UNAVAILABLE', message: 'Try again' }, { 'retry-after': '1' }),
      () => json(201, { post, usage }),
    ]);
    const created = await keyed.client.POST('/posts', { body: createBody, idempotencyKey: 'create-1' });
    expect(created.data?.post.id).toBe(POST_ID);
    expect(keyed.sent.map((request) => request.idempotencyKey)).toEqual(['create-1', 'create-1']);
    expect(keyed.delays).toEqual([1_000]);
  });

  it('repeats a GET after 5xx with a doubling backoff, at most maxAttempts times, then returns the error', async () => {
    const { client, sent, delays } = scripted([unavailable, unavailable, unavailable, unavailable], { maxAttempts: 4, baseDelayMs: 200 });
    const { error, data } = await client.GET('/posts/{id}', { params: { path: { id: POST_ID } } });
    expect(data).toBeUndefined();
    expect(error?.code).toBe('SERVICE_UNAVAILABLE');
    expect(sent.map((request) => request.url)).toEqual(Array(4).fill(`https://api.example.test/v1/posts/${POST_ID}`));
    expect(delays).toEqual([200, 400, 800]);
  });

  it('does not wait longer than maxDelayMs: the 429 is returned instead', async () => {
    const { client, sent, delays } = scripted(
      [() => json(429, { error: 'RATE_LIMIT_EXCEEDED', message: 'Try again in 50 seconds', retry_after: 50 }, { 'retry-after': '50' })],
      { maxDelayMs: 10_000 },
    );
    const { error } = await client.GET('/usage');
    expect([sent.length, delays, error?.code]).toEqual([1, [], 'RATE_LIMIT_EXCEEDED']);
    if (error?.code === 'RATE_LIMIT_EXCEEDED' && 'retry_after' in error.body) expect(error.body.retry_after).toBe(50);
    else throw new Error('expected the API rate limit body');
  });

  it('repeats a keyed request while the first is still running (409 IDEMPOTENCY_KEY_IN_PROGRESS), not an unkeyed 409', async () => {
    const inProgress = () => json(409, { error: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: 'Still running' });
    const keyed = scripted([inProgress, () => json(200, { post })]);
    const edited = await keyed.client.PATCH('/posts/{id}', {
      params: { path: { id: POST_ID } },
      body: { content: 'Hi' },
      idempotencyKey: 'edit-1',
    });
    expect(edited.data?.post.id).toBe(POST_ID);
    expect([keyed.sent.length, keyed.delays]).toEqual([2, [500]]);

    const state = scripted([() => json(409, { error: 'INVALID_POST_STATE', message: 'Published', status: 'published' })]);
    const refused = await state.client.PATCH('/posts/{id}', {
      params: { path: { id: POST_ID } },
      body: { content: 'Hi' },
      idempotencyKey: 'edit-2',
    });
    expect(refused.error?.is('INVALID_POST_STATE') && refused.error.body.status).toBe('published');
    expect(state.sent).toHaveLength(1);
  });

  it('repeats a GET after a network failure; a POST without a key fails with the network error after one try', async () => {
    const down = () => {
      throw new TypeError('fetch failed');
    };
    const read = scripted([down, () => json(200, { profiles: [] })]);
    expect(await orThrow(read.client.GET('/profiles'))).toEqual({ profiles: [] });
    expect(read.delays).toEqual([500]);

    const write = scripted([down, () => json(201, { post, usage })]);
    await expect(write.client.POST('/posts', { body: createBody })).rejects.toThrow('fetch failed');
    expect(write.sent).toHaveLength(1);
  });

  it('reports an error response without an API body as UNEXPECTED_RESPONSE with its status; orThrow throws the ApiError', async () => {
    const { client } = scripted(
      [() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })],
      {
        maxAttempts: 1,
      },
    );
    const failure = await orThrow(client.GET('/usage')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 502, code: 'UNEXPECTED_RESPONSE', body: { error: 'UNEXPECTED_RESPONSE' } });
  });

  it('stops waiting when the call is aborted', async () => {
    const controller = new AbortController();
    const { client, sent } = scripted([unavailable, unavailable], {
      sleep: async (_ms, signal) => {
        controller.abort(new Error('gave up'));
        if (signal?.aborted) throw signal.reason;
      },
    });
    await expect(client.GET('/usage', { signal: controller.signal })).rejects.toThrow('gave up');
    expect(sent).toHaveLength(1);
  });
});
