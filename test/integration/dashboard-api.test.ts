import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';
import { accountWithLogin, signIn, uniqueEmail, type DashboardSession } from './dashboard-client';
import { openAuthorizationUrl } from '../support/linkedin-browser';

/**
 * The dashboard's API does what the public API does, through the same use cases, schemas and
 * error catalog: the same request gives the same answer on both, only the credentials differ.
 */
describe('dashboard API', () => {
  let service: TestService;
  const scheduler = new RecordingScheduler();

  beforeAll(async () => {
    service = await startTestService({ LINKEDIN_CLIENT_ID: 'dashboard-test-client' }, { scheduler });
  });
  afterAll(async () => {
    await service?.stop();
  });

  const owner = async (): Promise<{ session: DashboardSession; apiKey: string; accountId: string }> => {
    const email = uniqueEmail('api');
    const { apiKey, accountId } = await accountWithLogin(service, email);
    return { session: (await signIn(service, email)).session!, apiKey, accountId };
  };
  const inAMinuteOrTwo = () => new Date(Date.now() + 120_000).toISOString();

  it('creates a key whose value is shown once and works on the public API until deleted', async () => {
    const { session } = await owner();
    const created = await session.call('POST', '/keys', { body: { name: '  ci  ' } });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      key: {
        id: expect.any(String),
        name: 'ci',
        prefix: created.json.api_key.slice(0, 7),
        scope: 'admin',
        created_at: expect.any(String),
        last_used_at: null,
      },
      api_key: expect.stringMatching(/^sk_[\w-]{43}$/),
    });
    const value: string = created.json.api_key;
    expect((await service.call('GET', '/profiles', { key: value })).status).toBe(200);
    const listed = await session.call('GET', '/keys');
    expect(listed.text).not.toContain(value);
    expect(listed.json.keys.find((key: { name: string }) => key.name === 'ci')).toMatchObject({
      prefix: value.slice(0, 7),
      last_used_at: expect.any(String),
    });
    expect((await session.call('DELETE', `/keys/${created.json.key.id}`)).status).toBe(204);
    const after = await service.call('GET', '/profiles', { key: value });
    expect([after.status, after.json.error]).toEqual([401, 'INVALID_API_KEY']);
  });

  it.each([
    ['no name', '/keys', { body: {} }],
    ['an unknown field', '/keys', { body: { name: 'x', nmae: 'y' } }],
    ['malformed JSON', '/keys', { rawBody: '{"name":', headers: { 'content-type': 'application/json' } }],
    ['a text body', '/keys', { rawBody: 'name=x', headers: { 'content-type': 'text/plain' } }],
    ['content over 3000', '/posts', { body: { content: 'x'.repeat(3001), platforms: ['bluesky'] } }],
    ['an unknown platform', '/posts', { body: { content: 'hi', platforms: ['myspace'] } }],
    ['a time without zone', '/posts', { body: { content: 'hi', platforms: ['bluesky'], scheduled_for: '2030-01-01T10:00:00' } }],
    ['a camelCase field', '/posts', { body: { content: 'hi', platforms: ['bluesky'], scheduledFor: '2030-01-01T10:00:00Z' } }],
    ['a platform not connected', '/posts', { body: { content: 'hi', platforms: ['linkedin'] } }],
    ['a Bluesky main password', '/profiles/bluesky', { body: { handle: 'alice.test', app_password: 'hunter2-password' } }],
    ['a foreign return_url', '/profiles/linkedin/authorize', { body: { return_url: 'https://evil.example/dashboard/profiles' } }],
  ])('answers %s exactly as the public API does', async (_, path, options) => {
    const { session, apiKey } = await owner();
    const dashboard = await session.call('POST', path, options);
    const publicApi = await service.call('POST', path, { ...options, key: apiKey });
    expect(dashboard.status).toBeGreaterThanOrEqual(400);
    expect([dashboard.status, dashboard.json]).toEqual([publicApi.status, publicApi.json]);
  });

  it('composes a scheduled post, replays a double submit, lists it and deletes it', async () => {
    const { session, accountId } = await owner();
    await service.connectProfile(accountId, 'bluesky');
    const body = { content: 'Scheduled from the dashboard #launch', platforms: ['bluesky'], scheduled_for: inAMinuteOrTwo() };
    const headers = { 'idempotency-key': 'draft-1' };
    const created = await session.call('POST', '/posts', { body, headers });
    expect(created.status).toBe(201);
    expect(created.json.post).toMatchObject({ status: 'scheduled', platforms: ['bluesky'], results: { bluesky: { status: 'pending' } } });
    expect(created.json.usage).toMatchObject({ used: 1, limit: 10 });
    const again = await session.call('POST', '/posts', { body, headers });
    expect([again.status, again.json.post.id, again.headers.get('idempotent-replayed')]).toEqual([201, created.json.post.id, 'true']);
    expect(scheduler.scheduled.has(created.json.post.id)).toBe(true);

    const listed = await session.call('GET', '/posts?status=scheduled');
    expect(listed.json).toEqual({ posts: [created.json.post], next_cursor: null });
    expect((await session.call('GET', '/posts?staus=scheduled')).json).toMatchObject({ error: 'INVALID_FIELD', field: 'staus' });
    expect((await session.call('GET', '/usage')).json.usage).toMatchObject({ used: 1, remaining: 9 });

    expect((await session.call('DELETE', `/posts/${created.json.post.id}`)).status).toBe(204);
    expect(scheduler.cancelled).toContain(created.json.post.id);
    expect((await session.call('GET', '/posts')).json.posts).toEqual([]);
    expect((await session.call('DELETE', `/posts/${created.json.post.id}`)).json.error).toBe('POST_NOT_FOUND');
    expect((await session.call('DELETE', '/posts/not-a-uuid')).json.error).toBe('INVALID_ID');
  });

  it('lists and deletes profiles, and starts the LinkedIn flow with the dashboard as return_url', async () => {
    const { session, accountId } = await owner();
    await service.connectProfile(accountId, 'bluesky');
    const listed = await session.call('GET', '/profiles');
    expect(listed.json.profiles).toEqual([expect.objectContaining({ platform: 'bluesky', handle: 'someone.test' })]);

    const returnUrl = `${service.baseUrl}/dashboard/profiles`;
    const started = await session.call('POST', '/profiles/linkedin/authorize', { body: { return_url: returnUrl } });
    expect(started.status).toBe(200);
    expect(started.json.authorization_url).toMatch(new RegExp(`^${service.baseUrl}/profiles/linkedin/start\\?state=[\\w-]{43}$`));
    const url = new URL((await openAuthorizationUrl(service.baseUrl, started.json.authorization_url)).linkedInUrl);
    expect(url.searchParams.get('client_id')).toBe('dashboard-test-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${service.baseUrl}/profiles/linkedin/callback`);

    expect((await session.call('DELETE', `/profiles/${listed.json.profiles[0].id}`)).status).toBe(204);
    expect((await session.call('GET', '/profiles')).json.profiles).toEqual([]);
    expect((await session.call('DELETE', `/profiles/${listed.json.profiles[0].id}`)).json.error).toBe('PROFILE_NOT_FOUND');
  });

  it('answers unknown dashboard API routes 404 NOT_FOUND, before authentication', async () => {
    for (const [method, path] of [
      ['GET', '/dashboard/api/nope'],
      ['PUT', '/dashboard/api/keys'],
      ['GET', '/dashboard/api'],
    ]) {
      const response = await service.call(method, path);
      expect([response.status, response.json]).toEqual([404, { error: 'NOT_FOUND', message: 'Not found' }]);
    }
  });
});
