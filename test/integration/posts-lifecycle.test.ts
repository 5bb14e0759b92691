import { startTestService, type TestService } from '../support/test-service';
import { RecordingScheduler } from '../support/recording-scheduler';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('reading, listing and deleting posts', () => {
  let service: TestService;
  const scheduler = new RecordingScheduler();
  const statuses: number[] = [];
  let owner: { accountId: string; apiKey: string };
  let stranger: { accountId: string; apiKey: string };

  const call = async (...args: Parameters<TestService['call']>) => {
    const response = await service.call(...args);
    statuses.push(response.status);
    return response;
  };

  beforeAll(async () => {
    service = await startTestService({}, { scheduler });
    owner = await service.createAccount({ plan: 'pro' });
    stranger = await service.createAccount({ plan: 'pro' });
    for (const account of [owner, stranger]) {
      await service.connectProfile(account.accountId, 'bluesky');
      await service.connectProfile(account.accountId, 'linkedin');
    }
  });
  afterAll(async () => {
    await service.stop();
    expect(statuses).not.toContain(500);
  });

  it('returns the created post with every field, and hands it to the scheduler or the publisher', async () => {
    const scheduledFor = inMinutes(120);
    const scheduled = await call('POST', '/posts', {
      key: owner.apiKey,
      body: { content: 'Hello (world) #news', platforms: ['linkedin', 'bluesky'], scheduled_for: scheduledFor },
    });
    expect(scheduled.status).toBe(201);
    const pending = { status: 'pending', url: null, platform_post_id: null, published_at: null, error: null, metrics: null };
    expect(scheduled.json).toEqual({
      post: {
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        content: 'Hello (world) #news',
        platform_content: {},
        platforms: ['linkedin', 'bluesky'],
        link_preview: true,
        media: [],
        first_comment: null,
        platform_first_comment: {},
        platform_options: {},
        status: 'scheduled',
        scheduled_for: new Date(scheduledFor).toISOString(),
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        published_at: null,
        results: { linkedin: pending, bluesky: pending },
        created_by: { type: 'api_key', key_id: expect.any(String), key_name: expect.any(String) },
        version: 1,
      },
      usage: { limit: 3000, used: 1, remaining: 2999, resets_at: expect.stringMatching(/T00:00:00\.000Z$/) },
    });
    expect(scheduler.scheduled.get(scheduled.json.post.id)?.toISOString()).toBe(new Date(scheduledFor).toISOString());

    const now = await call('POST', '/posts', { key: owner.apiKey, body: { content: 'right away', platforms: ['bluesky'] } });
    expect(now.json.post).toMatchObject({ status: 'publishing', scheduled_for: null });
    expect(scheduler.immediate).toContain(now.json.post.id);

    const fetched = await call('GET', `/posts/${scheduled.json.post.id.toUpperCase()}`, { key: owner.apiKey });
    expect(fetched.status).toBe(200);
    expect(fetched.json).toEqual({ post: scheduled.json.post });
  });

  it("hides other accounts' posts: 404 POST_NOT_FOUND on GET and DELETE, INVALID_ID for malformed ids", async () => {
    const theirs = await call('POST', '/posts', {
      key: stranger.apiKey,
      body: { content: 'mine', platforms: ['bluesky'], scheduled_for: inMinutes(60) },
    });
    for (const method of ['GET', 'DELETE']) {
      const response = await call(method, `/posts/${theirs.json.post.id}`, { key: owner.apiKey });
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ error: 'POST_NOT_FOUND', message: expect.any(String) });
      const unknown = await call(method, '/posts/7d444840-9dc0-4c5e-8b3a-1b2f6c1e2a3b', { key: owner.apiKey });
      expect(unknown.json.error).toBe('POST_NOT_FOUND');
      for (const bad of ['123', 'not-a-uuid', '7d444840-9dc0-4c5e-8b3a-1b2f6c1e2a3b%2Fx']) {
        const malformed = await call(method, `/posts/${bad}`, { key: owner.apiKey });
        expect([malformed.status, malformed.json.error]).toEqual([400, 'INVALID_ID']);
      }
    }
    expect((await call('GET', `/posts/${theirs.json.post.id}`, { key: stranger.apiKey })).status).toBe(200);
  });

  it('deletes a scheduled post: 204, then 404, its schedule cancelled and its LinkedIn slot free again', async () => {
    const at = inMinutes(300);
    const created = await call('POST', '/posts', {
      key: owner.apiKey,
      body: { content: 'soon gone', platforms: ['linkedin'], scheduled_for: at },
    });
    const usedBefore = (await call('GET', '/usage', { key: owner.apiKey })).json.usage.used;
    expect(
      (await call('POST', '/posts', { key: owner.apiKey, body: { content: 'clash', platforms: ['linkedin'], scheduled_for: at } })).status,
    ).toBe(429);
    const deleted = await call('DELETE', `/posts/${created.json.post.id}`, { key: owner.apiKey });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(scheduler.cancelled).toContain(created.json.post.id);
    expect((await call('GET', `/posts/${created.json.post.id}`, { key: owner.apiKey })).json.error).toBe('POST_NOT_FOUND');
    expect((await call('DELETE', `/posts/${created.json.post.id}`, { key: owner.apiKey })).json.error).toBe('POST_NOT_FOUND');
    expect((await call('GET', '/usage', { key: owner.apiKey })).json.usage.used).toBe(usedBefore);
    expect(
      (await call('POST', '/posts', { key: owner.apiKey, body: { content: 'again', platforms: ['linkedin'], scheduled_for: at } })).status,
    ).toBe(201);
  });

  it('refuses to delete a post that is publishing or published: 400 POST_PUBLISHED', async () => {
    const now = await call('POST', '/posts', { key: owner.apiKey, body: { content: 'going out', platforms: ['bluesky'] } });
    const response = await call('DELETE', `/posts/${now.json.post.id}`, { key: owner.apiKey });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'POST_PUBLISHED', message: expect.any(String) });
  });

  it('lists newest first with filters and an opaque cursor, and rejects bad query values', async () => {
    const account = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(account.accountId, 'bluesky');
    await service.connectProfile(account.accountId, 'linkedin');
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      const platforms = index % 2 === 0 ? ['bluesky'] : ['linkedin'];
      const body = { content: `n${index}`, platforms, scheduled_for: index < 5 ? inMinutes(60 + index * 2) : null };
      ids.push((await call('POST', '/posts', { key: account.apiKey, body })).json.post.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; json: { posts: { id: string }[]; next_cursor: string | null } } = await call(
        'GET',
        `/posts?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        { key: account.apiKey },
      );
      expect(page.status).toBe(200);
      expect(page.json.posts.length).toBeLessThanOrEqual(3);
      seen.push(...page.json.posts.map((post) => post.id));
      cursor = page.json.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    const linkedinOnly = await call('GET', '/posts?platform=linkedin&limit=2', { key: account.apiKey });
    expect(linkedinOnly.json.posts.map((post: { id: string }) => post.id)).toEqual([ids[5], ids[3]]);
    expect(linkedinOnly.json.next_cursor).not.toBeNull();
    const scheduledOnly = await call('GET', '/posts?status=scheduled', { key: account.apiKey });
    expect(scheduledOnly.json.posts).toHaveLength(5);
    expect(scheduledOnly.json.next_cursor).toBeNull();

    const otherCursor = (await call('GET', '/posts?limit=1', { key: owner.apiKey })).json.next_cursor;
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['status=done', 'status'],
      ['platform=twitter', 'platform'],
      ['cursor=garbage', 'cursor'],
      [`cursor=${otherCursor}`, 'cursor'],
      ['sort=asc', 'sort'],
    ]) {
      const response = await call('GET', `/posts?${query}`, { key: account.apiKey });
      expect([response.status, response.json]).toEqual([400, { error: 'INVALID_FIELD', message: expect.any(String), field }]);
    }
  });

  it('creates a post with one transaction and no extra round trips (3 DynamoDB calls in all)', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    await call('GET', '/usage', { key: apiKey }); // the first request of a window also records last_used_at
    const { db } = await import('#shared/store/client');
    const send = jest.spyOn(db, 'send');
    try {
      const response = await call('POST', '/posts', {
        key: apiKey,
        body: { content: 'count me', platforms: ['bluesky'], scheduled_for: inMinutes(90) },
      });
      expect(response.status).toBe(201);
      const commands = send.mock.calls.map(([command]) => command.constructor.name);
      expect(commands).toEqual(['UpdateCommand', 'BatchGetCommand', 'TransactWriteCommand']);
    } finally {
      send.mockRestore();
    }
  });
});
