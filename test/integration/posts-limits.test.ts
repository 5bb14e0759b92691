import { startTestService, type TestService } from '../support/test-service';
import { RecordingScheduler } from '../support/recording-scheduler';

/** Monthly limit, LinkedIn spacing and idempotency under concurrency, against DynamoDB Local. */
const RACE_ROUNDS = 5;
const minuteAligned = (minutesAhead: number) => {
  const at = new Date(Date.now() + minutesAhead * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
};

describe('limits under concurrent requests', () => {
  let service: TestService;
  const statuses: number[] = [];

  const createPost = async (apiKey: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await service.call('POST', '/posts', { key: apiKey, body, headers });
    statuses.push(response.status);
    return response;
  };

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' }, { scheduler: new RecordingScheduler() });
  });
  afterAll(async () => {
    await service.stop();
    expect(statuses).not.toContain(500);
  });

  it.each(Array.from({ length: RACE_ROUNDS }, (_, round) => round + 1))(
    'round %i: 50 concurrent posts on a limit of 10 give exactly 10 × 201 and 40 × MONTHLY_LIMIT_EXCEEDED',
    async () => {
      const { accountId, apiKey } = await service.createAccount({ plan: 'free' });
      await service.connectProfile(accountId, 'bluesky');
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) => createPost(apiKey, { content: `post ${index}`, platforms: ['bluesky'] })),
      );
      const created = responses.filter((response) => response.status === 201);
      const refused = responses.filter((response) => response.status === 429);
      expect(created).toHaveLength(10);
      expect(refused).toHaveLength(40);
      const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toISOString();
      for (const response of refused) {
        expect(response.json).toEqual({
          error: 'MONTHLY_LIMIT_EXCEEDED',
          message: expect.any(String),
          limit: 10,
          used: 10,
          resets_at: nextMonth,
        });
      }
      for (const response of created) expect(response.json.usage).toMatchObject({ limit: 10, resets_at: nextMonth });
      const usage = await service.call('GET', '/usage', { key: apiKey });
      expect(usage.json.usage).toMatchObject({ limit: 10, used: 10, remaining: 0 });
      const listed = await service.call('GET', '/posts?limit=100', { key: apiKey });
      expect(listed.json.posts).toHaveLength(10);
    },
  );

  it.each(Array.from({ length: RACE_ROUNDS }, (_, round) => round + 1))(
    'round %i: 20 concurrent LinkedIn posts for one time give one 201 and 19 × RATE_LIMIT_EXCEEDED at +60 s',
    async () => {
      const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
      await service.connectProfile(accountId, 'linkedin');
      const at = minuteAligned(30 + Math.floor(Math.random() * 30));
      // Not minute-aligned on purpose in some rounds: the rule is 60 s, not calendar minutes.
      at.setUTCSeconds(Math.floor(Math.random() * 60));
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          createPost(apiKey, { content: 'hello', platforms: ['linkedin'], scheduled_for: at.toISOString() }),
        ),
      );
      expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
      const refused = responses.filter((response) => response.status === 429);
      expect(refused).toHaveLength(19);
      for (const response of refused) {
        expect(response.json).toEqual({
          error: 'RATE_LIMIT_EXCEEDED',
          message: expect.stringContaining('60 seconds'),
          platform: 'linkedin',
          next_available: new Date(at.getTime() + 60_000).toISOString(),
        });
        expect(response.json.message).toContain(new Date(at.getTime() + 60_000).toISOString());
      }
      expect((await service.call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(1);
    },
  );

  it('computes next_available as docs/api.md (Limits) gives it: existing 10:00:00 and 10:01:30, request 10:00:30 → 10:02:30', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'linkedin');
    const base = minuteAligned(24 * 60);
    const at = (seconds: number) => new Date(base.getTime() + seconds * 1000).toISOString();
    expect((await createPost(apiKey, { content: 'a', platforms: ['linkedin'], scheduled_for: at(0) })).status).toBe(201);
    expect((await createPost(apiKey, { content: 'b', platforms: ['linkedin'], scheduled_for: at(90) })).status).toBe(201);
    const refused = await createPost(apiKey, { content: 'c', platforms: ['linkedin'], scheduled_for: at(30) });
    expect(refused.status).toBe(429);
    expect(refused.json.next_available).toBe(at(150));
    expect((await createPost(apiKey, { content: 'c', platforms: ['linkedin'], scheduled_for: at(150) })).status).toBe(201);
  });

  it('walks a chain of five existing posts to the first gap', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'linkedin');
    const base = minuteAligned(48 * 60);
    const at = (seconds: number) => new Date(base.getTime() + seconds * 1000).toISOString();
    // 0, 60, 125, 190, 250: gaps too small until after 250.
    for (const seconds of [0, 60, 125, 190, 250]) {
      expect((await createPost(apiKey, { content: `p${seconds}`, platforms: ['linkedin'], scheduled_for: at(seconds) })).status).toBe(201);
    }
    const refused = await createPost(apiKey, { content: 'late', platforms: ['linkedin'], scheduled_for: at(20) });
    expect(refused.json).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', platform: 'linkedin', next_available: at(310) });
    // A gap of exactly 60 s either side is allowed.
    expect((await createPost(apiKey, { content: 'edge', platforms: ['linkedin'], scheduled_for: at(-60) })).status).toBe(201);
  });

  it('puts the monthly limit before the spacing rule when both are broken', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'free', monthlyLimit: 1 });
    await service.connectProfile(accountId, 'linkedin');
    const at = minuteAligned(90).toISOString();
    expect((await createPost(apiKey, { content: 'a', platforms: ['linkedin'], scheduled_for: at })).status).toBe(201);
    const both = await createPost(apiKey, { content: 'b', platforms: ['linkedin'], scheduled_for: at });
    expect(both.json).toMatchObject({ error: 'MONTHLY_LIMIT_EXCEEDED', limit: 1, used: 1 });
  });

  it('an idempotency-key sent 20 times concurrently creates exactly one post and replays it byte for byte', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const body = { content: 'once only', platforms: ['bluesky'] };
    const responses = await Promise.all(Array.from({ length: 20 }, () => createPost(apiKey, body, { 'idempotency-key': 'order-42' })));
    const created = responses.filter((response) => response.status === 201);
    const inProgress = responses.filter((response) => response.status === 409);
    expect(created.length + inProgress.length).toBe(20);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const response of inProgress) expect(response.json.error).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    expect(new Set(created.map((response) => response.text)).size).toBe(1);
    const replay = await createPost(apiKey, body, { 'idempotency-key': 'order-42' });
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(created[0].text);
    expect((await service.call('GET', '/posts', { key: apiKey })).json.posts).toHaveLength(1);
    expect((await service.call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(1);

    const reused = await createPost(apiKey, { ...body, content: 'something else' }, { 'idempotency-key': 'order-42' });
    expect(reused.status).toBe(422);
    expect(reused.json).toEqual({ error: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) });
  });

  it('a refused request leaves its idempotency-key free and counts nothing', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const refused = await createPost(apiKey, { content: 'x', platforms: ['linkedin'] }, { 'idempotency-key': 'k1' });
    expect(refused.json.error).toBe('PLATFORMS_NOT_CONNECTED');
    const accepted = await createPost(apiKey, { content: 'x', platforms: ['bluesky'] }, { 'idempotency-key': 'k1' });
    expect(accepted.status).toBe(201);
    expect(accepted.json.usage.used).toBe(1);
  });
});
