import { startTestService, type TestService } from '../support/test-service';
import { RecordingScheduler } from '../support/recording-scheduler';
import { registerSecret } from '../support/secret-registry';

/**
 * POST /posts/batch (docs/api.md, "Bulk creation"): each item created or refused on its own, with
 * exactly POST /posts's answer, in order; the monthly counter counts the created ones; the
 * idempotency-key covers the whole batch; a malformed envelope is refused whole.
 */
const HOUR = 3_600_000;
const inHours = (hours: number, seconds = 0) => {
  const at = new Date(Date.now() + hours * HOUR);
  at.setUTCSeconds(seconds, 0);
  return at.toISOString();
};
const nextMonth = () => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toISOString();

/** The invalid items, each with the error POST /posts gives it. */
const INVALID: Array<{ item: unknown; status: number; error: Record<string, unknown> }> = [
  { item: { platforms: ['bluesky'] }, status: 400, error: { error: 'MISSING_REQUIRED_FIELD', field: 'content' } },
  {
    item: { content: 'x'.repeat(3001), platforms: ['bluesky'] },
    status: 400,
    error: { error: 'CONTENT_TOO_LONG', max_length: 3000, provided_length: 3001 },
  },
  {
    item: { content: 'hello', platforms: ['myspace'] },
    status: 400,
    error: { error: 'INVALID_PLATFORMS', valid_platforms: ['linkedin', 'bluesky'] },
  },
  {
    item: { content: 'hello', platforms: ['bluesky'], scheduled_for: '2020-01-01T00:00:00Z' },
    status: 400,
    error: { error: 'INVALID_SCHEDULED_TIME' },
  },
  {
    item: { content: 'hello', platforms: ['bluesky'], scheduledFor: inHours(2) },
    status: 400,
    error: { error: 'INVALID_FIELD', field: 'scheduledFor' },
  },
  { item: 'not an object', status: 400, error: { error: 'INVALID_JSON' } },
  { item: { content: 42, platforms: ['bluesky'] }, status: 400, error: { error: 'INVALID_FIELD', field: 'content' } },
  { item: { content: 'hello' }, status: 400, error: { error: 'MISSING_REQUIRED_FIELD', field: 'platforms' } },
  { item: null, status: 400, error: { error: 'INVALID_JSON' } },
  { item: { content: '   ', platforms: ['bluesky'] }, status: 400, error: { error: 'MISSING_REQUIRED_FIELD', field: 'content' } },
];

type Expected = { status: 201; content: string; scheduled: boolean } | { status: number; error: Record<string, unknown> };

describe('POST /posts/batch', () => {
  let service: TestService;
  let scheduler: RecordingScheduler;
  const statuses: number[] = [];
  const call = async (...args: Parameters<TestService['call']>) => {
    const response = await service.call(...args);
    statuses.push(response.status);
    return response;
  };

  beforeAll(async () => {
    scheduler = new RecordingScheduler();
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' }, { scheduler });
  });
  afterAll(async () => {
    await service.stop();
    expect(statuses).not.toContain(500);
  });

  it('answers 100 mixed items one by one, in order, counts exactly the created ones and replays without creating more', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro', monthlyLimit: 50 });
    await service.connectProfile(accountId, 'bluesky');
    // 5 posts before the batch: the batch counts on from the stored counter.
    for (let index = 0; index < 5; index++) {
      expect((await call('POST', '/posts', { key: apiKey, body: { content: `before ${index}`, platforms: ['bluesky'] } })).status).toBe(
        201,
      );
    }

    const items: unknown[] = [];
    const expected: Expected[] = [];
    let creatable = 50 - 5;
    for (let index = 0; index < 100; index++) {
      if (index % 10 === 3) {
        const invalid = INVALID[Math.floor(index / 10)];
        items.push(invalid.item);
        expected.push({ status: invalid.status, error: invalid.error });
      } else if (index % 10 === 7) {
        items.push({ content: `to linkedin ${index}`, platforms: ['bluesky', 'linkedin'] });
        expected.push({ status: 400, error: { error: 'PLATFORMS_NOT_CONNECTED', missing_platforms: ['linkedin'] } });
      } else {
        const scheduled = index % 2 === 0;
        const content = `valid ${index}`;
        items.push({ content, platforms: ['bluesky'], ...(scheduled ? { scheduled_for: inHours(1 + index) } : {}) });
        if (creatable > 0) {
          creatable--;
          expected.push({ status: 201, content, scheduled });
        } else {
          expected.push({ status: 429, error: { error: 'MONTHLY_LIMIT_EXCEEDED', limit: 50, used: 50, resets_at: nextMonth() } });
        }
      }
    }
    expect(expected.filter((one) => one.status === 201)).toHaveLength(45);
    expect(expected.filter((one) => one.status === 429)).toHaveLength(35);

    const headers = { 'idempotency-key': `batch-${accountId}` };
    const response = await call('POST', '/posts/batch', { key: apiKey, body: { posts: items }, headers });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json)).toEqual(['results']);
    const results = response.json.results as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(results).toHaveLength(100);
    results.forEach((result, index) => {
      const want = expected[index];
      expect(result.index).toBe(index);
      expect(result.status).toBe(want.status);
      if ('content' in want) {
        expect(Object.keys(result).sort()).toEqual(['index', 'post', 'status']);
        expect(result.post).toMatchObject({
          content: want.content,
          platforms: ['bluesky'],
          status: want.scheduled ? 'scheduled' : 'publishing',
          published_at: null,
          results: { bluesky: { status: 'pending' } },
        });
      } else {
        expect(Object.keys(result).sort()).toEqual(['error', 'index', 'status']);
        expect(result.error).toEqual({ message: expect.any(String), ...want.error });
      }
    });

    // Each refusal is exactly what POST /posts answers for that body (on an account in the same state).
    const twin = await service.createAccount({ plan: 'pro', monthlyLimit: 0 });
    await service.connectProfile(twin.accountId, 'bluesky');
    for (const index of [3, 13, 23, 33, 43, 53, 63, 73, 83, 93, 7, 99]) {
      const single = await call('POST', '/posts', {
        key: twin.apiKey,
        ...(typeof items[index] === 'string' || items[index] === null
          ? { rawBody: JSON.stringify(items[index]), headers: { 'content-type': 'application/json' } }
          : { body: items[index] }),
      });
      expect({ index, status: results[index].status, error: results[index].error.error }).toEqual({
        index,
        status: single.status,
        error: single.json.error,
      });
      if (single.json.error !== 'MONTHLY_LIMIT_EXCEEDED') expect(results[index].error).toEqual(single.json);
    }

    // The counter equals the created posts; every created post was handed over (scheduled or queued now).
    const created = results.filter((result) => result.status === 201).map((result) => result.post);
    const usage = await call('GET', '/usage', { key: apiKey });
    expect(usage.json.usage).toMatchObject({ limit: 50, used: 50, remaining: 0 });
    const listed = await call('GET', '/posts?limit=100', { key: apiKey });
    expect(listed.json.posts).toHaveLength(50);
    for (const post of created) {
      if (post.status === 'scheduled') expect(scheduler.scheduled.get(post.id)?.toISOString()).toBe(post.scheduled_for);
      else expect(scheduler.immediate).toContain(post.id);
    }

    // The same key and body: the same answer, nothing more created.
    const replay = await call('POST', '/posts/batch', { key: apiKey, body: { posts: items }, headers });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(response.json);
    expect((await call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(50);
    expect((await call('GET', '/posts?limit=100', { key: apiKey })).json.posts).toHaveLength(50);
    // The same key with another body.
    const reused = await call('POST', '/posts/batch', { key: apiKey, body: { posts: items.slice(1) }, headers });
    expect(reused.status).toBe(422);
    expect(reused.json).toEqual({ error: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) });
  });

  it('spaces LinkedIn items from the posts before them, in the batch and in the store', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'linkedin');
    const at = inHours(5);
    const existing = await call('POST', '/posts', {
      key: apiKey,
      body: { content: 'stored', platforms: ['linkedin'], scheduled_for: inHours(7) },
    });
    expect(existing.status).toBe(201);
    const plus = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
    const response = await call('POST', '/posts/batch', {
      key: apiKey,
      body: {
        posts: [
          { content: 'first', platforms: ['linkedin'], scheduled_for: at },
          { content: 'too close to first', platforms: ['linkedin'], scheduled_for: plus(at, 30) },
          { content: 'far enough', platforms: ['linkedin'], scheduled_for: plus(at, 120) },
          { content: 'too close to stored', platforms: ['linkedin'], scheduled_for: plus(inHours(7), -10) },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.json.results.map((result: { status: number }) => result.status)).toEqual([201, 429, 201, 429]);
    expect(response.json.results[1].error).toEqual({
      error: 'RATE_LIMIT_EXCEEDED',
      message: expect.stringContaining('60 seconds'),
      platform: 'linkedin',
      next_available: plus(at, 60),
    });
    expect(response.json.results[3].error).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', next_available: plus(inHours(7), 60) });
    expect((await call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(3);
  });

  it('refuses an item with unknown media as POST /posts does, and creates the items around it', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const withMedia = { content: 'with an image', platforms: ['bluesky'], media: ['5d1c8a7e-2f4b-4c3a-9e8d-7b6a5f4e3d2c'] };
    const single = await call('POST', '/posts', { key: apiKey, body: withMedia });
    expect(single.json.error).toBe('MEDIA_NOT_FOUND');
    const response = await call('POST', '/posts/batch', {
      key: apiKey,
      body: { posts: [{ content: 'a', platforms: ['bluesky'] }, withMedia, { content: 'b', platforms: ['bluesky'] }] },
    });
    expect(response.json.results).toEqual([
      { index: 0, status: 201, post: expect.objectContaining({ content: 'a' }) },
      { index: 1, status: single.status, error: single.json },
      { index: 2, status: 201, post: expect.objectContaining({ content: 'b' }) },
    ]);
  });

  it('refuses a malformed envelope whole, creating nothing', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const valid = { content: 'hello', platforms: ['bluesky'] };
    const cases: Array<[string, { body?: unknown; rawBody?: string }, number, Record<string, unknown>]> = [
      ['an array', { body: [valid] }, 400, { error: 'INVALID_JSON' }],
      ['malformed JSON', { rawBody: '{"posts": [' }, 400, { error: 'INVALID_JSON' }],
      ['no posts', { body: {} }, 400, { error: 'MISSING_REQUIRED_FIELD', field: 'posts' }],
      ['posts null', { body: { posts: null } }, 400, { error: 'MISSING_REQUIRED_FIELD', field: 'posts' }],
      ['posts not an array', { body: { posts: valid } }, 400, { error: 'INVALID_FIELD', field: 'posts' }],
      ['no items', { body: { posts: [] } }, 400, { error: 'INVALID_FIELD', field: 'posts' }],
      ['101 items', { body: { posts: Array.from({ length: 101 }, () => valid) } }, 400, { error: 'INVALID_FIELD', field: 'posts' }],
      ['an unknown field', { body: { posts: [valid], post: [] } }, 400, { error: 'INVALID_FIELD', field: 'post' }],
    ];
    for (const [name, request, status, error] of cases) {
      const response = await call('POST', '/posts/batch', {
        key: apiKey,
        ...request,
        ...(request.rawBody ? { headers: { 'content-type': 'application/json' } } : {}),
      });
      expect({ name, status: response.status, body: response.json }).toEqual({
        name,
        status,
        body: { message: expect.any(String), ...error },
      });
    }
    const missingKey = await call('POST', '/posts/batch', { body: { posts: [valid] } });
    expect(missingKey.status).toBe(401);
    expect(missingKey.json.error).toBe('MISSING_API_KEY');
    const readKey = await call('POST', '/keys', { key: apiKey, body: { name: 'reader', scope: 'read' } });
    registerSecret(readKey.json.api_key);
    const byReader = await call('POST', '/posts/batch', { key: readKey.json.api_key, body: { posts: [valid] } });
    expect(byReader.status).toBe(403);
    // A batch of posts (not drafts) needs write: required_scope names what this call needs.
    expect(byReader.json).toEqual({ error: 'INSUFFICIENT_SCOPE', message: expect.any(String), required_scope: 'write' });
    expect((await call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(0);
  });

  it('keeps within its deadline: items not begun answer 503 "Not attempted", the request 200 with nothing created', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    // The batch's budget (read per request) below the time an item needs left: no item is begun,
    // whatever the machine's speed.
    const { config } = await import('#shared/config');
    const budget = config.requestDeadline.outboundMs;
    config.requestDeadline.outboundMs = 2000;
    try {
      const response = await call('POST', '/posts/batch', {
        key: apiKey,
        body: {
          posts: [
            { content: 'a', platforms: ['bluesky'] },
            { content: 'b', platforms: ['bluesky'] },
          ],
        },
      });
      expect(response.status).toBe(200);
      expect(response.json.results).toEqual(
        [0, 1].map((index) => ({
          index,
          status: 503,
          error: { error: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('Not attempted') },
        })),
      );
    } finally {
      config.requestDeadline.outboundMs = budget;
    }
    expect((await call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(0);
    expect((await call('GET', '/posts', { key: apiKey })).json.posts).toEqual([]);
  });
});
