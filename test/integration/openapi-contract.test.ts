import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '#shared/http/routes';
import type { ObservedResponse } from '../../scripts/openapi/response-validator';
import { startFakeLinkedIn, type FakeLinkedIn } from '../fakes/fake-linkedin';
import { startTestPds, type TestPds } from '../support/pds';
import { signInAndConsent } from '../support/pds-oauth-browser';
import { RecordingScheduler } from '../support/recording-scheduler';
import { accountWithLogin, PASSWORD, signIn, uniqueEmail } from './dashboard-client';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type CallOptions, type CallResult, type TestService } from '../support/test-service';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { eventually } from '../support/eventually';

/**
 * The document against the running service: every public endpoint is driven through the
 * local server (nothing publishes: a RecordingScheduler stands in for the scheduler) to a
 * success and to errors, and every real response (status, headers, content type, body) is
 * validated against the document's schema for that operation and status. Bluesky answers from
 * a stub PDS, LinkedIn from the fake LinkedIn, so even the connections succeed. The dashboard's
 * API is driven the same way, as a browser would (test/integration/dashboard-client.ts).
 */
const APP_PASSWORD = 'abcd-efgh-ijkl-mnop';
const DID = 'did:plc:ewvi7nxzyoun6zhxrhs64oiz';
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const jwt = (claims: Record<string, unknown>) =>
  ['{"alg":"ES256K"}', JSON.stringify(claims), 'signature'].map((part) => Buffer.from(part).toString('base64url')).join('.');

/** A PDS that knows one app password: enough for the service to sign in (createSession) and nothing more. */
async function startStubPds(): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (!request.url?.startsWith('/xrpc/com.atproto.server.createSession'))
        return answer(400, { error: 'InvalidRequest', message: 'stub' });
      const { identifier, password } = JSON.parse(raw) as { identifier: string; password: string };
      if (password !== APP_PASSWORD) return answer(401, { error: 'AuthenticationRequired', message: 'Invalid identifier or password' });
      const exp = Math.floor(Date.now() / 1000) + 3600;
      answer(200, {
        did: DID,
        handle: identifier,
        active: true,
        accessJwt: jwt({ scope: 'com.atproto.appPass', sub: DID, exp }),
        refreshJwt: jwt({ scope: 'com.atproto.refresh', sub: DID, exp: exp + 86_400 }),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the OpenAPI document matches what the service answers', () => {
  let service: TestService;
  let linkedin: FakeLinkedIn;
  let pds: Awaited<ReturnType<typeof startStubPds>>;
  let realPds: TestPds;
  const seen = new Map<string, Set<number>>();
  let validate: (method: string, path: string, observed: ObservedResponse) => string[];

  beforeAll(async () => {
    linkedin = await startFakeLinkedIn();
    pds = await startStubPds();
    // A real PDS for atproto OAuth (its sign-in and consent); the stub above stands for broken ones.
    realPds = await startTestPds();
    service = await startTestService(
      { ...linkedin.settings(), RATE_LIMIT_REQUESTS: '40', BLUESKY_SERVICE_URL: realPds.url, BLUESKY_PLC_URL: realPds.plcUrl },
      { scheduler: new RecordingScheduler() },
    );
    // Service modules read their settings when loaded: only after the test service set them.
    const { buildOpenApiDocument } = await import('../../scripts/openapi/generator');
    const { createResponseValidator } = await import('../../scripts/openapi/response-validator');
    validate = createResponseValidator(buildOpenApiDocument());
  });
  afterAll(async () => {
    await service.stop();
    await linkedin.stop();
    await pds.stop();
    await realPds?.stop();
  });

  /** Calls `path` (an instance of the route `template`), validates the response against the document, records the status. */
  async function call(method: string, template: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const response = await service.call(method, path, options);
    expect({ [`${method} ${path} → ${response.status}`]: validate(method, template, response) }).toEqual({
      [`${method} ${path} → ${response.status}`]: [],
    });
    const key = `${method} ${template}`;
    seen.set(key, (seen.get(key) ?? new Set()).add(response.status));
    return response;
  }
  const account = async (input?: Parameters<TestService['createAccount']>[0]) => {
    const created = await service.createAccount(input);
    registerSecret(created.apiKey);
    return created;
  };
  const expectError = (response: CallResult, status: number, code: string) =>
    expect([response.status, response.json?.error]).toEqual([status, code]);
  /** Leaves a post as the publisher leaves one every platform refused: failed, slot released. */
  async function markFailed(postId: string): Promise<void> {
    const { db, tableName } = await import('#shared/store/client');
    const { DeleteCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { getPostItem, postKey } = await import('#shared/store/posts');
    const { spacingSlotKey } = await import('#shared/store/spacing-slots');
    const post = (await getPostItem(postId))!;
    const results = Object.fromEntries(
      post.platforms.map((platform) => [
        platform,
        {
          status: 'failed',
          url: null,
          platform_post_id: null,
          published_at: null,
          error: { code: 'PLATFORM_REJECTED', message: 'Refused' },
        },
      ]),
    );
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: postKey(postId),
        UpdateExpression: 'SET #s = :failed, results = :results REMOVE spacing_bucket',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed', ':results': results },
      }),
    );
    if (post.spacing_bucket !== undefined)
      await db.send(new DeleteCommand({ TableName: tableName, Key: spacingSlotKey(post.account_id, post.spacing_bucket) }));
  }

  it('keys: list, create, delete', async () => {
    const { apiKey: key } = await account();
    expect((await call('GET', '/keys', '/keys', { key })).status).toBe(200);
    expectError(await call('GET', '/keys', '/keys'), 401, 'MISSING_API_KEY');
    expectError(
      await call('POST', '/keys', '/keys', { key, body: { name: 'ci' }, headers: { 'idempotency-key': 'x'.repeat(300) } }),
      400,
      'INVALID_FIELD',
    );
    const headers = { 'idempotency-key': `contract-key-${Date.now()}` };
    const created = await call('POST', '/keys', '/keys', { key, body: { name: 'ci' }, headers });
    expect(created.status).toBe(201);
    registerSecret(created.json.api_key);
    const replayed = await call('POST', '/keys', '/keys', { key, body: { name: 'ci' }, headers });
    expect([replayed.status, replayed.json]).toEqual([201, created.json]);
    expectError(await call('POST', '/keys', '/keys', { key, body: { name: 'other' }, headers }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await call('POST', '/keys', '/keys', { key, body: {} }), 400, 'MISSING_REQUIRED_FIELD');
    expectError(
      await call('POST', '/keys', '/keys', { key, rawBody: '{"name":', headers: { 'content-type': 'application/json' } }),
      400,
      'INVALID_JSON',
    );
    expectError(
      await call('POST', '/keys', '/keys', { key, rawBody: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(await call('POST', '/keys', '/keys', { key, body: { name: 'x'.repeat(70_000) } }), 413, 'PAYLOAD_TOO_LARGE');
    expect((await call('DELETE', '/keys/{id}', `/keys/${created.json.key.id}`, { key })).status).toBe(204);
    expectError(await call('DELETE', '/keys/{id}', `/keys/${created.json.key.id}`, { key }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', '/keys/{id}', '/keys/nope', { key }), 400, 'INVALID_ID');
    expectError(await call('GET', '/keys', '/keys', { key: created.json.api_key }), 401, 'INVALID_API_KEY');
  });

  it('media: create, upload, complete, get, delete, and their errors', async () => {
    const { smallJpeg } = await import('../support/images');
    const { apiKey: key } = await account();
    const bytes = await smallJpeg();
    const created = await call('POST', '/media', '/media', {
      key,
      body: { content_type: 'image/jpeg', size_bytes: bytes.length, alt_text: 'a' },
      headers: { 'idempotency-key': 'media-1' },
    });
    expect(created.status).toBe(201);
    expectError(await call('POST', '/media', '/media', { key, body: { content_type: 'image/gif', size_bytes: 1 } }), 400, 'INVALID_FIELD');
    const id = created.json.media.id as string;
    expectError(await call('POST', '/media/{id}/complete', `/media/${id}/complete`, { key }), 400, 'INVALID_MEDIA');
    expect((await fetch(created.json.upload.url, { method: 'PUT', headers: created.json.upload.headers, body: bytes })).status).toBe(200);
    expect((await call('POST', '/media/{id}/complete', `/media/${id}/complete`, { key })).json.media.status).toBe('ready');
    expect((await call('GET', '/media/{id}', `/media/${id}`, { key })).status).toBe(200);
    expectError(await call('GET', '/media/{id}', '/media/00000000-0000-4000-8000-000000000000', { key }), 404, 'MEDIA_NOT_FOUND');
    expect((await call('DELETE', '/media/{id}', `/media/${id}`, { key })).status).toBe(204);
    expectError(await call('DELETE', '/media/{id}', `/media/${id}`, { key }), 404, 'MEDIA_NOT_FOUND');
  });

  it('usage, and the API rate limit (429 with retry-after)', async () => {
    const { apiKey: key } = await account();
    expect((await call('GET', '/usage', '/usage', { key })).json.usage).toMatchObject({ limit: 10, used: 0 });
    expectError(await call('GET', '/usage', '/usage', { key: `sk_${'A'.repeat(43)}` }), 401, 'INVALID_API_KEY');
    let limited: CallResult | undefined;
    for (let attempt = 0; attempt < 90 && !limited; attempt += 1) {
      const response = await service.call('GET', '/usage', { key });
      if (response.status === 429) limited = response;
    }
    expect(validate('GET', '/usage', limited!)).toEqual([]);
    expect(limited!.json).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', retry_after: Number(limited!.headers.get('retry-after')) });
    seen.get('GET /usage')!.add(429);
  });

  it('profiles: connect Bluesky (stub PDS), get, list, delete', async () => {
    const { apiKey: key } = await account();
    const { apiKey: otherKey } = await account();
    registerSecret(APP_PASSWORD);
    const body = { handle: '@Alice.Test', app_password: APP_PASSWORD, service: pds.url };
    const connected = await call('POST', '/profiles/bluesky', '/profiles/bluesky', { key, body });
    expect(connected.status).toBe(201);
    expect(connected.json.profile).toMatchObject({ platform: 'bluesky', handle: 'alice.test', platform_user_id: DID });
    expectError(await call('POST', '/profiles/bluesky', '/profiles/bluesky', { key, body }), 400, 'PROFILE_ALREADY_EXISTS');
    expectError(
      await call('POST', '/profiles/bluesky', '/profiles/bluesky', {
        key: otherKey,
        body: { ...body, app_password: 'zzzz-zzzz-zzzz-zzzz' },
      }),
      400,
      'INVALID_CREDENTIALS',
    );
    expectError(
      await call('POST', '/profiles/bluesky', '/profiles/bluesky', { key: otherKey, body: { ...body, app_password: 'my main password' } }),
      400,
      'INVALID_FIELD',
    );
    expectError(
      await call('POST', '/profiles/bluesky', '/profiles/bluesky', { key: otherKey, body: { handle: 'alice.test' } }),
      400,
      'MISSING_REQUIRED_FIELD',
    );
    expectError(
      await call('POST', '/profiles/bluesky', '/profiles/bluesky', { key: otherKey, body: { ...body, service: 'http://127.0.0.1:1' } }),
      503,
      'SERVICE_UNAVAILABLE',
    );
    // The documented idempotency-key header is read here (after validation, before the PDS).
    const badKey = await call('POST', '/profiles/bluesky', '/profiles/bluesky', {
      key: otherKey,
      body,
      headers: { 'idempotency-key': 'has space' },
    });
    expect(badKey.json).toMatchObject({ error: 'INVALID_FIELD', field: 'idempotency-key' });

    const id: string = connected.json.profile.id;
    expect((await call('GET', '/profiles/{id}', `/profiles/${id.toUpperCase()}`, { key })).json.profile.id).toBe(id);
    expectError(await call('GET', '/profiles/{id}', `/profiles/${id}`, { key: otherKey }), 404, 'PROFILE_NOT_FOUND');
    expectError(await call('GET', '/profiles/{id}', '/profiles/123', { key }), 400, 'INVALID_ID');
    expect((await call('GET', '/profiles', '/profiles', { key })).json.profiles).toHaveLength(1);
    expectError(await call('GET', '/profiles', '/profiles', { key: 'sk_short' }), 401, 'INVALID_API_KEY');
    expectError(await call('DELETE', '/profiles/{id}', `/profiles/${id}`, { key: otherKey }), 404, 'PROFILE_NOT_FOUND');
    expectError(await call('DELETE', '/profiles/{id}', '/profiles/x', { key }), 400, 'INVALID_ID');
    expect((await call('DELETE', '/profiles/{id}', `/profiles/${id}`, { key })).status).toBe(204);
  });

  it('LinkedIn: authorize, callback (JSON and redirect), errors', async () => {
    const { apiKey: key } = await account();
    const started = await call('POST', '/profiles/linkedin/authorize', '/profiles/linkedin/authorize', {
      key,
      headers: { 'idempotency-key': 'x'.repeat(300) },
    });
    expect(started.status).toBe(200); // empty body allowed; idempotency-key ignored, as documented
    expectError(
      await call('POST', '/profiles/linkedin/authorize', '/profiles/linkedin/authorize', {
        key,
        body: { return_url: 'https://evil.example/' },
      }),
      400,
      'INVALID_FIELD',
    );
    // The person's browser opens the authorization URL: our start endpoint, then LinkedIn.
    const startPath = (url: string) => url.slice(url.indexOf('/profiles/linkedin/start'));
    const opened = await call('GET', '/profiles/linkedin/start', startPath(started.json.authorization_url));
    expect(opened.status).toBe(302);
    const browser = { headers: { cookie: opened.headers.getSetCookie()[0].split(';')[0] } };
    expectError(await call('GET', '/profiles/linkedin/start', startPath(started.json.authorization_url)), 400, 'OAUTH_ERROR');
    const callbackPath = linkedin.approve(opened.headers.get('location')!, { sub: 'ada-1', name: 'Ada Lovelace' }).callbackPath;
    const connected = await call('GET', '/profiles/linkedin/callback', callbackPath, browser);
    expect(connected.status).toBe(201);
    linkedin.tokens('ada-1').forEach((issued) => registerSecret(issued.token));
    expectError(await call('GET', '/profiles/linkedin/callback', callbackPath, browser), 400, 'OAUTH_ERROR');
    expectError(
      await call(
        'GET',
        '/profiles/linkedin/callback',
        '/profiles/linkedin/callback?error=user_cancelled_login&error_description=The+user+cancelled',
      ),
      400,
      'OAUTH_ERROR',
    );
    expectError(
      await call('POST', '/profiles/linkedin/authorize', '/profiles/linkedin/authorize', { key, body: {} }),
      400,
      'PROFILE_ALREADY_EXISTS',
    );

    const { apiKey: browserKey } = await account();
    const withReturn = await call('POST', '/profiles/linkedin/authorize', '/profiles/linkedin/authorize', {
      key: browserKey,
      body: { return_url: 'http://127.0.0.1/settings' },
    });
    const openedWithReturn = await call('GET', '/profiles/linkedin/start', startPath(withReturn.json.authorization_url), browser);
    const redirected = await call(
      'GET',
      '/profiles/linkedin/callback',
      linkedin.approve(openedWithReturn.headers.get('location')!, { sub: 'bob-2' }).callbackPath,
      browser,
    );
    expect(redirected.status).toBe(302);
    expect(new URL(redirected.headers.get('location')!).searchParams.get('status')).toBe('connected');
    linkedin.tokens('bob-2').forEach((issued) => registerSecret(issued.token));
  });

  it('LinkedIn pages: authorize for a page, list the authors, pick one, and their errors (API and dashboard)', async () => {
    linkedin.organizations.add({ id: '2414183', name: 'Acme Corporation', administrators: ['page-admin'] });
    const startPath = (url: string) => url.slice(url.indexOf('/profiles/linkedin/start'));
    /** Connects LinkedIn for a page through `prefix` (the public API, or the dashboard's with `headers`). */
    const connectPage = async (prefix: string, options: CallOptions) => {
      const started = await call('POST', `${prefix}/profiles/linkedin/authorize`, `${prefix}/profiles/linkedin/authorize`, {
        ...options,
        body: { author: 'organization' },
      });
      expect(started.status).toBe(200);
      const opened = await call('GET', '/profiles/linkedin/start', startPath(started.json.authorization_url));
      const browser = { headers: { cookie: opened.headers.getSetCookie()[0].split(';')[0] } };
      const callbackPath = linkedin.approve(opened.headers.get('location')!, { sub: 'page-admin', name: 'Page Admin' }).callbackPath;
      const connected = await call('GET', '/profiles/linkedin/callback', callbackPath, browser);
      expect([connected.status, connected.json.profile.author]).toEqual([201, null]);
      linkedin.tokens('page-admin').forEach((issued) => registerSecret(issued.token));
      return connected.json.profile.id as string;
    };
    const exercise = async (prefix: string, options: CallOptions) => {
      const id = await connectPage(prefix, options);
      const authors = `${prefix}/profiles/{id}/authors`;
      const author = `${prefix}/profiles/{id}/author`;
      const listed = await call('GET', authors, `${prefix}/profiles/${id}/authors`, options);
      expect(listed.json.authors).toHaveLength(2);
      expectError(await call('GET', authors, `${prefix}/profiles/x/authors`, options), 400, 'INVALID_ID');
      expectError(
        await call('GET', authors, `${prefix}/profiles/7d444840-9dc0-4c5e-8b3a-1b2f6c1e2a3b/authors`, options),
        404,
        'PROFILE_NOT_FOUND',
      );
      const pick = (organization_id: unknown, path = `${prefix}/profiles/${id}/author`) =>
        call('PUT', author, path, { ...options, body: { organization_id } });
      expectError(await pick('1337'), 400, 'INVALID_FIELD');
      expectError(await pick(7), 400, 'INVALID_FIELD');
      expectError(await call('PUT', author, `${prefix}/profiles/${id}/author`, { ...options, body: {} }), 400, 'MISSING_REQUIRED_FIELD');
      expectError(await pick('2414183', `${prefix}/profiles/x/author`), 400, 'INVALID_ID');
      expectError(await pick('2414183', `${prefix}/profiles/7d444840-9dc0-4c5e-8b3a-1b2f6c1e2a3b/author`), 404, 'PROFILE_NOT_FOUND');
      const picked = await pick('2414183');
      expect(picked.json.profile.author).toEqual({ type: 'organization', id: '2414183', name: 'Acme Corporation' });
    };
    const { apiKey: key } = await account();
    await exercise('', { key });
    const email = uniqueEmail('pages');
    await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    await exercise('/dashboard/api', { headers: { cookie: session!.cookie, 'x-csrf-token': session!.csrf } });
  });

  it('Bluesky OAuth: authorize (API and dashboard), start, callback, client metadata and keys, and their errors', async () => {
    const local = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
    const user = await realPds.createUser('contract');
    registerSecret(user.password);
    const connect = async (prefix: string, options: CallOptions) => {
      const authorize = `${prefix}/profiles/bluesky/authorize`;
      expectError(await call('POST', authorize, authorize, { ...options, body: {} }), 400, 'MISSING_REQUIRED_FIELD');
      const started = await call('POST', authorize, authorize, { ...options, body: { handle: user.handle } });
      expect(started.status).toBe(200);
      const opened = await call('GET', '/profiles/bluesky/start', local(started.json.authorization_url));
      expect(opened.status).toBe(302);
      expectError(await call('GET', '/profiles/bluesky/start', local(started.json.authorization_url)), 400, 'OAUTH_ERROR');
      const browser = { headers: { cookie: opened.headers.getSetCookie()[0].split(';')[0] } };
      const callback = await signInAndConsent(opened.headers.get('location')!, user.handle, user.password);
      const connected = await call('GET', '/profiles/bluesky/callback', local(callback.href), browser);
      expect(connected.json.profile).toMatchObject({ auth: 'oauth', platform_user_id: user.did });
      expectError(await call('GET', '/profiles/bluesky/callback', local(callback.href), browser), 400, 'OAUTH_ERROR');
      expectError(await call('POST', authorize, authorize, { ...options, body: { handle: user.handle } }), 400, 'PROFILE_ALREADY_EXISTS');
    };
    await connect('', { key: (await account()).apiKey });
    const email = uniqueEmail('bluesky-oauth');
    await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    await connect('/dashboard/api', { headers: { cookie: session!.cookie, 'x-csrf-token': session!.csrf } });
    for (const document of ['/oauth/bluesky/client-metadata.json', '/oauth/bluesky/jwks.json']) {
      expect((await call('GET', document, document)).status).toBe(200);
      expectError(await call('GET', document, `${document}?x=1`), 400, 'INVALID_FIELD');
    }
  }, 60_000);

  it('posts: create (now, scheduled, replayed), list, get, delete, and their errors', async () => {
    const { accountId, apiKey: key } = await account({ plan: 'pro' });
    await service.connectProfile(accountId, 'linkedin');
    await service.connectProfile(accountId, 'bluesky');
    const post = (body: unknown, headers: Record<string, string> = {}) => call('POST', '/posts', '/posts', { key, body, headers });
    const now = await post({ content: 'Now #launch', platforms: ['bluesky', 'bluesky'] });
    expect(now.json.post).toMatchObject({ status: 'publishing', platforms: ['bluesky'] });
    const at = inMinutes(30);
    const body = { content: 'Later', platforms: ['linkedin', 'bluesky'], scheduled_for: at };
    const scheduled = await post(body, { 'idempotency-key': 'draft-1' });
    expect(scheduled.status).toBe(201);
    const replayed = await post(body, { 'idempotency-key': 'draft-1' });
    expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.json.post.id]).toEqual([
      201,
      'true',
      scheduled.json.post.id,
    ]);
    expectError(await post({ ...body, content: 'Other' }, { 'idempotency-key': 'draft-1' }), 422, 'IDEMPOTENCY_KEY_REUSED');
    const spaced = await post({
      content: 'Too close',
      platforms: ['linkedin'],
      scheduled_for: new Date(Date.parse(at) + 30_000).toISOString(),
    });
    expect(spaced.json).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', platform: 'linkedin' });
    expectError(await post({ content: 'x'.repeat(3001), platforms: ['bluesky'] }), 400, 'CONTENT_TOO_LONG');
    expectError(await post({ content: 'hi', platforms: ['twitter'] }), 400, 'INVALID_PLATFORMS');
    expectError(await post({ content: 'hi', platforms: ['bluesky'], scheduled_for: 'tomorrow' }), 400, 'INVALID_SCHEDULED_TIME');
    expectError(await post({ platforms: ['bluesky'] }), 400, 'MISSING_REQUIRED_FIELD');
    expectError(await post({ content: 'hi', platforms: ['bluesky'], scheduledFor: at }), 400, 'INVALID_FIELD');
    const other = await account({ plan: 'pro' }); // its own account, so the list below is unchanged
    await service.connectProfile(other.accountId, 'bluesky');
    const own = await call('POST', '/posts', '/posts', {
      key: other.apiKey,
      body: { content: 'Shared', platforms: ['bluesky'], platform_content: { bluesky: 'Own text' }, scheduled_for: inMinutes(45) },
    });
    expect(own.json.post.platform_content).toEqual({ bluesky: 'Own text' });
    const preview = (previewBody: unknown) => call('POST', '/posts/preview', '/posts/preview', { key, body: previewBody });
    const previewed = await preview({
      content: `${'long words '.repeat(40)}https://example.com #tag @someone.test`,
      platforms: ['linkedin', 'bluesky'],
    });
    expect([previewed.status, previewed.json.preview.bluesky.posts.length]).toEqual([200, 2]);
    expectError(await preview({ content: 'hi', platforms: ['bluesky'], platform_content: { linkedin: 'x' } }), 400, 'INVALID_FIELD');
    expectError(
      await preview({ content: 'hi', platforms: ['bluesky'], platform_content: { bluesky: 'x'.repeat(3001) } }),
      400,
      'CONTENT_TOO_LONG',
    );

    const { accountId: limitedId, apiKey: limitedKey } = await account({ monthlyLimit: 1 });
    await service.connectProfile(limitedId, 'bluesky');
    expect((await call('POST', '/posts', '/posts', { key: limitedKey, body: { content: 'one', platforms: ['bluesky'] } })).status).toBe(
      201,
    );
    expectError(
      await call('POST', '/posts', '/posts', { key: limitedKey, body: { content: 'two', platforms: ['bluesky'] } }),
      429,
      'MONTHLY_LIMIT_EXCEEDED',
    );
    expectError(
      await call('POST', '/posts', '/posts', { key: limitedKey, body: { content: 'two', platforms: ['linkedin'] } }),
      400,
      'PLATFORMS_NOT_CONNECTED',
    );

    const page = await call('GET', '/posts', '/posts', { key });
    expect(page.json.posts.length).toBeGreaterThanOrEqual(2);
    const first = await call('GET', '/posts', '/posts?limit=1&status=scheduled&platform=linkedin', { key });
    expect(first.json).toMatchObject({ posts: [{ id: scheduled.json.post.id }], next_cursor: null });
    expect((await call('GET', '/posts', '/posts?limit=1', { key })).json.next_cursor).toEqual(expect.any(String));
    expectError(await call('GET', '/posts', '/posts?limit=0', { key }), 400, 'INVALID_FIELD');
    const id: string = scheduled.json.post.id;
    expect((await call('GET', '/posts/{id}', `/posts/${id}`, { key })).json.post.id).toBe(id);
    expectError(await call('GET', '/posts/{id}', `/posts/${id}`, { key: limitedKey }), 404, 'POST_NOT_FOUND');
    expectError(await call('GET', '/posts/{id}', '/posts/not-an-id', { key }), 400, 'INVALID_ID');
    expectError(await call('DELETE', '/posts/{id}', `/posts/${now.json.post.id}`, { key }), 400, 'POST_PUBLISHED');
    expect((await call('DELETE', '/posts/{id}', `/posts/${id}`, { key })).status).toBe(204);
    expectError(await call('DELETE', '/posts/{id}', `/posts/${id}`, { key }), 404, 'POST_NOT_FOUND');
  });

  it('media: declare, upload, complete, get, delete, and their errors', async () => {
    const { apiKey: key } = await account({ plan: 'pro' });
    const { smallJpeg } = await import('../support/images');
    const bytes = await smallJpeg();
    const declared = await call('POST', '/media', '/media', {
      key,
      body: { content_type: 'image/jpeg', size_bytes: bytes.length, alt_text: 'A small picture' },
    });
    expect(declared.status).toBe(201);
    expectError(
      await call('POST', '/media', '/media', { key, body: { content_type: 'image/gif', size_bytes: 1, alt_text: 'x' } }),
      400,
      'INVALID_FIELD',
    );
    const id: string = declared.json.media.id;
    expectError(await call('POST', '/media/{id}/complete', `/media/${id}/complete`, { key }), 400, 'INVALID_MEDIA');
    const uploaded = await fetch(declared.json.upload.url, { method: 'PUT', headers: declared.json.upload.headers, body: bytes });
    expect(uploaded.status).toBe(200);
    expect((await call('POST', '/media/{id}/complete', `/media/${id}/complete`, { key })).json.media.status).toBe('ready');
    expectError(
      await call('POST', '/media/{id}/complete', '/media/7d444840-9dc0-4c5e-8b3a-1b2f6c1e2a3b/complete', { key }),
      404,
      'MEDIA_NOT_FOUND',
    );
    expect((await call('GET', '/media/{id}', `/media/${id}`, { key })).json.media.id).toBe(id);
    expectError(await call('GET', '/media/{id}', '/media/x', { key }), 400, 'INVALID_ID');
    expect((await call('DELETE', '/media/{id}', `/media/${id}`, { key })).status).toBe(204);
    expectError(await call('DELETE', '/media/{id}', `/media/${id}`, { key }), 404, 'MEDIA_NOT_FOUND');
  });

  it('posts: edit and retry, and their errors', async () => {
    const { accountId, apiKey: key } = await account({ plan: 'pro' });
    await service.connectProfile(accountId, 'linkedin');
    await service.connectProfile(accountId, 'bluesky');
    const at = inMinutes(60);
    const scheduled = await call('POST', '/posts', '/posts', {
      key,
      body: { content: 'Draft', platforms: ['linkedin'], scheduled_for: at },
    });
    const id: string = scheduled.json.post.id;
    const edit = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      call('PATCH', '/posts/{id}', path, { key, body, headers });
    const edited = await edit(
      `/posts/${id}`,
      { content: 'Final', platforms: ['linkedin', 'bluesky'], platform_content: { bluesky: 'Own' } },
      { 'idempotency-key': 'edit-a' },
    );
    expect([edited.status, edited.json.post.content]).toEqual([200, 'Final']);
    expect(
      (
        await edit(
          `/posts/${id}`,
          { content: 'Final', platforms: ['linkedin', 'bluesky'], platform_content: { bluesky: 'Own' } },
          { 'idempotency-key': 'edit-a' },
        )
      ).headers.get('idempotent-replayed'),
    ).toBe('true');
    expectError(await edit(`/posts/${id}`, { content: 'Other' }, { 'idempotency-key': 'edit-a' }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect((await edit(`/posts/${id}`, {})).status).toBe(200);
    expectError(await edit(`/posts/${id}`, { content: 'x'.repeat(3001) }), 400, 'CONTENT_TOO_LONG');
    expectError(await edit(`/posts/${id}`, { platforms: [] }), 400, 'INVALID_PLATFORMS');
    expectError(await edit(`/posts/${id}`, { platforms: null }), 400, 'MISSING_REQUIRED_FIELD');
    expectError(await edit(`/posts/${id}`, { scheduled_for: 'soon' }), 400, 'INVALID_SCHEDULED_TIME');
    expectError(await edit(`/posts/${id}`, { scheduledFor: at }), 400, 'INVALID_FIELD');
    expectError(await edit('/posts/x', {}), 400, 'INVALID_ID');
    expectError(await edit('/posts/7d444840-9dc0-4c5e-8b3a-1b2f6c1e2a3b', {}), 404, 'POST_NOT_FOUND');
    const other = await call('POST', '/posts', '/posts', {
      key,
      body: { content: 'Neighbour', platforms: ['linkedin'], scheduled_for: new Date(Date.parse(at) + 120_000).toISOString() },
    });
    expectError(
      await edit(`/posts/${other.json.post.id}`, { scheduled_for: new Date(Date.parse(at) + 30_000).toISOString() }),
      429,
      'RATE_LIMIT_EXCEEDED',
    );
    const { accountId: loneId, apiKey: loneKey } = await account({ plan: 'pro' });
    await service.connectProfile(loneId, 'bluesky');
    const lone = await call('POST', '/posts', '/posts', {
      key: loneKey,
      body: { content: 'Lone', platforms: ['bluesky'], scheduled_for: at },
    });
    expectError(
      await call('PATCH', '/posts/{id}', `/posts/${lone.json.post.id}`, { key: loneKey, body: { platforms: ['linkedin'] } }),
      400,
      'PLATFORMS_NOT_CONNECTED',
    );
    const now = await call('POST', '/posts', '/posts', { key, body: { content: 'Now', platforms: ['bluesky'] } });
    expectError(await edit(`/posts/${now.json.post.id}`, { content: 'Late' }), 400, 'POST_PUBLISHED');

    // Retry: a post the publisher failed (written as it would leave it; nothing publishes here).
    await markFailed(other.json.post.id);
    expectError(await edit(`/posts/${other.json.post.id}`, { content: 'Edit?' }), 409, 'INVALID_POST_STATE');
    const retry = (path: string, body?: unknown) => call('POST', '/posts/{id}/retry', path, { key, body });
    expectError(await retry(`/posts/${id}/retry`), 409, 'INVALID_POST_STATE');
    expectError(await retry(`/posts/${other.json.post.id}/retry`, { scheduled_for: 'later' }), 400, 'INVALID_SCHEDULED_TIME');
    expectError(await retry(`/posts/${other.json.post.id}/retry`, { content: 'y'.repeat(3001) }), 400, 'CONTENT_TOO_LONG');
    expectError(await retry(`/posts/${other.json.post.id}/retry`, { include_outcome_unknown: 1 }), 400, 'INVALID_FIELD');
    expectError(await retry('/posts/nope/retry'), 400, 'INVALID_ID');
    expectError(await retry('/posts/7d444840-9dc0-4c5e-8b3a-1b2f6c1e2a3b/retry'), 404, 'POST_NOT_FOUND');
    expectError(
      await retry(`/posts/${other.json.post.id}/retry`, { scheduled_for: new Date(Date.parse(at) + 20_000).toISOString() }),
      429,
      'RATE_LIMIT_EXCEEDED',
    );
    const retried = await retry(`/posts/${other.json.post.id}/retry`, { content: 'Corrected', scheduled_for: inMinutes(180) });
    expect([retried.status, retried.json.post.status]).toEqual([200, 'scheduled']);
    await markFailed(lone.json.post.id);
    const { deleteProfileItem, listProfileItems } = await import('#shared/store/profiles');
    const [profile] = await listProfileItems(loneId);
    await deleteProfileItem(loneId, 'bluesky', profile.id);
    expectError(
      await call('POST', '/posts/{id}/retry', `/posts/${lone.json.post.id}/retry`, { key: loneKey }),
      400,
      'PLATFORMS_NOT_CONNECTED',
    );
  });

  it('webhooks: create (and replay), list, get, test, deliveries, delete, and their errors', async () => {
    const { apiKey: key } = await account();
    const receiver = await startWebhookReceiver();
    try {
      const headers = { 'idempotency-key': `contract-webhook-${Date.now()}` };
      const created = await call('POST', '/webhooks', '/webhooks', {
        key,
        body: { url: receiver.url, events: ['post.failed'], description: 'contract' },
        headers,
      });
      expect(created.status).toBe(201);
      registerSecret(created.json.secret);
      expect(
        (
          await call('POST', '/webhooks', '/webhooks', {
            key,
            body: { url: receiver.url, events: ['post.failed'], description: 'contract' },
            headers,
          })
        ).json,
      ).toEqual(created.json);
      expectError(await call('POST', '/webhooks', '/webhooks', { key, body: { url: 'https://10.0.0.1/hook' } }), 400, 'INVALID_FIELD');
      expectError(await call('POST', '/webhooks', '/webhooks', { key, body: {} }), 400, 'MISSING_REQUIRED_FIELD');
      const id = created.json.webhook.id;
      expect((await call('GET', '/webhooks', '/webhooks', { key })).json.webhooks).toHaveLength(1);
      expectError(await call('GET', '/webhooks', '/webhooks'), 401, 'MISSING_API_KEY');
      expect((await call('GET', '/webhooks/{id}', `/webhooks/${id}`, { key })).status).toBe(200);
      expectError(await call('GET', '/webhooks/{id}', '/webhooks/nope', { key }), 400, 'INVALID_ID');
      const rotateHeaders = { 'idempotency-key': `contract-rotate-${Date.now()}` };
      const rotated = await call('POST', '/webhooks/{id}/rotate-secret', `/webhooks/${id}/rotate-secret`, { key, headers: rotateHeaders });
      expect(rotated.status).toBe(200);
      registerSecret(rotated.json.secret);
      const rotatedAgain = await call('POST', '/webhooks/{id}/rotate-secret', `/webhooks/${id}/rotate-secret`, {
        key,
        headers: rotateHeaders,
      });
      expect(rotatedAgain.json).toEqual(rotated.json);
      expectError(await call('POST', '/webhooks/{id}/rotate-secret', '/webhooks/nope/rotate-secret', { key }), 400, 'INVALID_ID');
      expect((await call('POST', '/webhooks/{id}/test', `/webhooks/${id}/test`, { key })).status).toBe(202);
      await receiver.waitFor(1);
      await eventually(
        async () =>
          expect(
            (await call('GET', '/webhooks/{id}/deliveries', `/webhooks/${id}/deliveries?limit=5`, { key })).json.deliveries[0]?.status,
          ).toBe('succeeded'),
        { timeoutMs: 10_000, intervalMs: 25 },
      );
      expectError(await call('GET', '/webhooks/{id}/deliveries', `/webhooks/${id}/deliveries?limit=500`, { key }), 400, 'INVALID_FIELD');
      expect((await call('DELETE', '/webhooks/{id}', `/webhooks/${id}`, { key })).status).toBe(204);
      expectError(await call('DELETE', '/webhooks/{id}', `/webhooks/${id}`, { key }), 404, 'NOT_FOUND');
      expectError(await call('POST', '/webhooks/{id}/test', `/webhooks/${id}/test`, { key }), 404, 'NOT_FOUND');
      expectError(await call('POST', '/webhooks/{id}/rotate-secret', `/webhooks/${id}/rotate-secret`, { key }), 404, 'NOT_FOUND');
    } finally {
      await receiver.stop();
    }
  });

  it('the dashboard API: sign in, the same operations behind the session, sign out', async () => {
    const email = uniqueEmail('contract');
    const { accountId } = await accountWithLogin(service, email);
    const api = (template: string) => `/dashboard/api${template}`;
    const signInBody = (password: string) => ({ body: { email, password } });
    expectError(await call('POST', api('/sign-in'), api('/sign-in'), signInBody('not the password at all')), 400, 'INVALID_CREDENTIALS');
    expect((await call('POST', api('/sign-in'), api('/sign-in'), signInBody(PASSWORD))).status).toBe(200);
    let { session } = await signIn(service, email);
    let calls = 0;
    const as = async (method: string, template: string, path = template, options: CallOptions & { csrf?: false } = {}) => {
      // A session's calls count in the API's window (RATE_LIMIT_REQUESTS 40 here): a fresh session now and then.
      if ((calls += 1) % 35 === 0) ({ session } = await signIn(service, email));
      const headers: Record<string, string> = {
        cookie: session!.cookie,
        ...(options.csrf === false || method === 'GET' ? {} : { 'x-csrf-token': session!.csrf }),
      };
      return call(method, api(template), api(path), { ...options, headers: { ...headers, ...options.headers } });
    };
    expect((await as('GET', '/session')).json.csrf_token).toBe(session!.csrf);
    expect(
      (
        await as('POST', '/profiles/linkedin/authorize', '/profiles/linkedin/authorize', {
          body: { return_url: 'http://127.0.0.1/dashboard/' },
        })
      ).status,
    ).toBe(200);
    await service.connectProfile(accountId, 'linkedin');
    expectError(await call('GET', api('/session'), api('/session')), 403, 'FORBIDDEN');
    expect((await as('GET', '/keys')).status).toBe(200);
    expectError(await as('POST', '/keys', '/keys', { body: { name: 'x' }, csrf: false }), 403, 'FORBIDDEN');
    const created = await as('POST', '/keys', '/keys', { body: { name: 'from the dashboard' } });
    registerSecret(created.json.api_key);
    expect((await as('DELETE', '/keys/{id}', `/keys/${created.json.key.id}`)).status).toBe(204);
    expectError(await as('DELETE', '/keys/{id}', `/keys/${created.json.key.id}`), 404, 'NOT_FOUND');
    const connected = await as('POST', '/profiles/bluesky', '/profiles/bluesky', {
      body: { handle: 'dash.test', app_password: APP_PASSWORD, service: pds.url },
    });
    expect(connected.status).toBe(201);
    expectError(
      await as('POST', '/profiles/bluesky', '/profiles/bluesky', { body: { handle: 'dash.test' } }),
      400,
      'MISSING_REQUIRED_FIELD',
    );
    expectError(
      await as('POST', '/profiles/linkedin/authorize', '/profiles/linkedin/authorize', { body: {} }),
      400,
      'PROFILE_ALREADY_EXISTS',
    );
    expect((await as('GET', '/profiles')).json.profiles).toHaveLength(2);
    expect((await as('GET', '/usage')).json.usage).toMatchObject({ used: 0 });
    const post = await as('POST', '/posts', '/posts', {
      body: { content: 'From the dashboard', platforms: ['linkedin'], scheduled_for: inMinutes(90) },
    });
    expect(post.status).toBe(201);
    expect(
      (await as('POST', '/posts/preview', '/posts/preview', { body: { content: 'Draft (1) #tag', platforms: ['linkedin'] } })).json.preview
        .linkedin,
    ).toEqual({ commentary: 'Draft \\(1\\) {hashtag|\\#|tag}', characters: 28 });
    expectError(
      await as('POST', '/posts/preview', '/posts/preview', { body: { content: 'Draft', platforms: ['linkedin'], scheduled_for: 'soon' } }),
      400,
      'INVALID_SCHEDULED_TIME',
    );
    expectError(
      await as('POST', '/posts', '/posts', {
        body: {
          content: 'Too close',
          platforms: ['linkedin'],
          scheduled_for: new Date(Date.parse(post.json.post.scheduled_for) + 10_000).toISOString(),
        },
      }),
      429,
      'RATE_LIMIT_EXCEEDED',
    );
    expect(
      (await as('PATCH', '/posts/{id}', `/posts/${post.json.post.id}`, { body: { content: 'Edited in the dashboard' } })).json.post.content,
    ).toBe('Edited in the dashboard');
    expectError(
      await as('PATCH', '/posts/{id}', `/posts/${post.json.post.id}`, { body: { content: 'No token' }, csrf: false }),
      403,
      'FORBIDDEN',
    );
    expectError(await as('PATCH', '/posts/{id}', `/posts/${post.json.post.id}`, { body: { content: '' } }), 400, 'MISSING_REQUIRED_FIELD');
    const toRetry = await as('POST', '/posts', '/posts', {
      body: { content: 'To retry', platforms: ['linkedin'], scheduled_for: inMinutes(240) },
    });
    expectError(await as('POST', '/posts/{id}/retry', `/posts/${toRetry.json.post.id}/retry`), 409, 'INVALID_POST_STATE');
    await markFailed(toRetry.json.post.id);
    expect(
      (await as('POST', '/posts/{id}/retry', `/posts/${toRetry.json.post.id}/retry`, { body: { scheduled_for: inMinutes(300) } })).json.post
        .status,
    ).toBe('scheduled');
    expect((await as('DELETE', '/posts/{id}', `/posts/${toRetry.json.post.id}`)).status).toBe(204);
    expect((await as('GET', '/posts', '/posts?status=scheduled')).json.posts).toHaveLength(1);
    expectError(await as('GET', '/posts', '/posts?limit=-1'), 400, 'INVALID_FIELD');
    expect((await as('DELETE', '/posts/{id}', `/posts/${post.json.post.id}`)).status).toBe(204);
    const { smallJpeg } = await import('../support/images');
    const image = await smallJpeg();
    const media = await as('POST', '/media', '/media', { body: { content_type: 'image/jpeg', size_bytes: image.length } });
    expect(media.status).toBe(201);
    expectError(await as('POST', '/media', '/media', { body: { content_type: 'image/jpeg' } }), 400, 'MISSING_REQUIRED_FIELD');
    expectError(await as('POST', '/media/{id}/complete', `/media/${media.json.media.id}/complete`), 400, 'INVALID_MEDIA');
    await fetch(media.json.upload.url, { method: 'PUT', headers: media.json.upload.headers, body: image });
    expect((await as('POST', '/media/{id}/complete', `/media/${media.json.media.id}/complete`)).json.media.status).toBe('ready');
    expectError(await as('DELETE', '/posts/{id}', '/posts/x'), 400, 'INVALID_ID');
    expect((await as('DELETE', '/profiles/{id}', `/profiles/${connected.json.profile.id}`)).status).toBe(204);
    expectError(await as('DELETE', '/profiles/{id}', `/profiles/${connected.json.profile.id}`), 404, 'PROFILE_NOT_FOUND');
    const started = await as('POST', '/profiles/linkedin/authorize', '/profiles/linkedin/authorize', {
      body: { return_url: 'https://evil.example/' },
    });
    expectError(started, 400, 'INVALID_FIELD');
    expectError(await as('GET', '/usage', '/usage', { headers: { cookie: '__Host-sps_session=forged' } }), 403, 'FORBIDDEN');
    expectError(await as('GET', '/profiles', '/profiles', { headers: { cookie: '' } }), 403, 'FORBIDDEN');
    const receiver = await startWebhookReceiver();
    const webhook = await as('POST', '/webhooks', '/webhooks', { body: { url: receiver.url } });
    expect(webhook.status).toBe(201);
    registerSecret(webhook.json.secret);
    expectError(await as('POST', '/webhooks', '/webhooks', { body: { url: receiver.url }, csrf: false }), 403, 'FORBIDDEN');
    expect((await as('GET', '/webhooks')).json.webhooks).toHaveLength(1);
    expect((await as('POST', '/webhooks/{id}/test', `/webhooks/${webhook.json.webhook.id}/test`)).status).toBe(202);
    expectError(await as('POST', '/webhooks/{id}/test', '/webhooks/x/test'), 400, 'INVALID_ID');
    const rotated = await as('POST', '/webhooks/{id}/rotate-secret', `/webhooks/${webhook.json.webhook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    registerSecret(rotated.json.secret);
    expectError(await as('POST', '/webhooks/{id}/rotate-secret', '/webhooks/x/rotate-secret'), 400, 'INVALID_ID');
    await receiver.waitFor(1);
    expect((await as('GET', '/webhooks/{id}/deliveries', `/webhooks/${webhook.json.webhook.id}/deliveries`)).status).toBe(200);
    expectError(
      await as('GET', '/webhooks/{id}/deliveries', `/webhooks/${webhook.json.webhook.id}/deliveries?cursor=x`),
      400,
      'INVALID_FIELD',
    );
    expect((await as('DELETE', '/webhooks/{id}', `/webhooks/${webhook.json.webhook.id}`)).status).toBe(204);
    expectError(await as('DELETE', '/webhooks/{id}', `/webhooks/${webhook.json.webhook.id}`), 404, 'NOT_FOUND');
    expectError(await as('GET', '/webhooks', '/webhooks', { headers: { cookie: '' } }), 403, 'FORBIDDEN');
    await receiver.stop();
    expectError(await as('POST', '/sign-out', '/sign-out', { csrf: false }), 403, 'FORBIDDEN');
    expect((await as('POST', '/sign-out')).status).toBe(204);
    expectError(await as('GET', '/keys'), 403, 'FORBIDDEN');
    expectError(await as('GET', '/posts'), 403, 'FORBIDDEN');
  });

  it('drafts: create one, schedule it (API and dashboard), and their errors', async () => {
    const { accountId, apiKey: key } = await account({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const draft = async (headers: Record<string, string> = {}) =>
      (await call('POST', '/posts', '/posts', { key, headers, body: { content: 'A draft', platforms: ['bluesky'], draft: true } })).json
        .post.id as string;
    const schedule = (id: string, body?: unknown) => call('POST', '/posts/{id}/schedule', `/posts/${id}/schedule`, { key, body });
    const id = await draft();
    expectError(await schedule(id, { scheduled_for: 'soon' }), 400, 'INVALID_SCHEDULED_TIME');
    expectError(await schedule(id, { queue: true }), 400, 'QUEUE_NOT_CONFIGURED');
    expectError(await call('POST', '/posts/{id}/schedule', '/posts/x/schedule', { key, body: {} }), 400, 'INVALID_ID');
    expectError(await schedule('7d444840-9dc0-4c5e-8b3a-1b2f6c1e2a3b', {}), 404, 'POST_NOT_FOUND');
    expect((await schedule(id, { scheduled_for: inMinutes(30) })).json.post.status).toBe('scheduled');
    expectError(await schedule(id, {}), 409, 'INVALID_POST_STATE');

    const email = uniqueEmail('contract-drafts');
    const owner = await accountWithLogin(service, email);
    await service.connectProfile(owner.accountId, 'bluesky');
    const { session } = await signIn(service, email);
    const path = (postId: string) => `/dashboard/api/posts/${postId}/schedule`;
    const viaDashboard = (postId: string, body: unknown) =>
      call('POST', '/dashboard/api/posts/{id}/schedule', path(postId), {
        body,
        headers: { cookie: session!.cookie, 'x-csrf-token': session!.csrf },
      });
    const created = await call('POST', '/posts', '/posts', {
      key: owner.apiKey,
      body: { content: 'Owner draft', platforms: ['bluesky'], draft: true },
    });
    expect((await viaDashboard(created.json.post.id, { scheduled_for: null })).json.post.status).toBe('publishing');
    expectError(await viaDashboard(created.json.post.id, {}), 409, 'INVALID_POST_STATE');
  });

  it('MCP: a JSON-RPC answer, and the API errors before it', async () => {
    const { apiKey } = await account();
    const listed = await call('POST', '/mcp', '/mcp', { key: apiKey, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect([listed.status, listed.json?.jsonrpc, listed.json?.id]).toEqual([200, '2.0', 1]);
    expectError(await call('POST', '/mcp', '/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }), 401, 'MISSING_API_KEY');
    expectError(await call('POST', '/mcp', '/mcp', { key: apiKey, body: { id: 1, method: 'tools/list' } }), 400, 'MISSING_REQUIRED_FIELD');
    const fromElsewhere = {
      key: apiKey,
      headers: { origin: 'http://evil.example.com' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    };
    expectError(await call('POST', '/mcp', '/mcp', fromElsewhere), 403, 'FORBIDDEN');
  });

  it('the posting queue: get, set, queued post, and their errors (API and dashboard)', async () => {
    const { accountId, apiKey: key } = await account({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    expect((await call('GET', '/queue', '/queue', { key })).json).toEqual({ queue: null });
    expectError(
      await call('POST', '/posts', '/posts', { key, body: { content: 'q', platforms: ['bluesky'], queue: true } }),
      400,
      'QUEUE_NOT_CONFIGURED',
    );
    const slots = [{ day: 'mon', time: '09:00' }];
    expect((await call('PUT', '/queue', '/queue', { key, body: { timezone: 'Europe/Berlin', slots } })).json.queue.next_slots).toHaveLength(
      10,
    );
    expectError(await call('PUT', '/queue', '/queue', { key, body: { timezone: 'Nowhere/Atall', slots } }), 400, 'INVALID_FIELD');
    expect((await call('GET', '/queue', '/queue', { key })).status).toBe(200);
    expectError(await call('GET', '/queue', '/queue'), 401, 'MISSING_API_KEY');
    expect((await call('POST', '/posts', '/posts', { key, body: { content: 'q', platforms: ['bluesky'], queue: true } })).status).toBe(201);
    const email = uniqueEmail('contract-queue');
    await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    const headers = { cookie: session!.cookie, 'x-csrf-token': session!.csrf };
    const dashboard = (method: string, options: CallOptions = {}) =>
      call(method, '/dashboard/api/queue', '/dashboard/api/queue', { ...options, headers: { ...headers, ...options.headers } });
    expect((await dashboard('GET')).json).toEqual({ queue: null });
    expect((await dashboard('PUT', { body: { timezone: 'UTC', slots } })).status).toBe(200);
    expectError(await dashboard('PUT', { body: { timezone: 'UTC', slots: [{ day: 'mon' }] } }), 400, 'INVALID_FIELD');
    expectError(await call('GET', '/dashboard/api/queue', '/dashboard/api/queue'), 403, 'FORBIDDEN');
  });

  it('series: get, patch, delete and their errors (API and dashboard)', async () => {
    const { accountId, apiKey: key } = await account({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const email = uniqueEmail('contract-series');
    const owner = await accountWithLogin(service, email);
    await service.connectProfile(owner.accountId, 'bluesky');
    const { session } = await signIn(service, email);
    const headers = { cookie: session!.cookie, 'x-csrf-token': session!.csrf };
    const scheduledFor = new Date(Date.now() + 86_400_000).toISOString();
    const body = {
      content: 'again',
      platforms: ['bluesky'],
      scheduled_for: scheduledFor,
      repeat: { every: { weeks: 1 }, count: 3, variations: ['anew'] },
    };
    const created = await call('POST', '/posts', '/posts', { key, body });
    expect(created.json.post.series_id).toEqual(expect.any(String));
    const onDashboard = await call('POST', '/posts', '/dashboard/api/posts', { headers, body });
    for (const [prefix, options, id] of [
      ['', { key }, created.json.post.series_id as string],
      ['/dashboard/api', { headers }, onDashboard.json.post.series_id as string],
    ] as const) {
      const template = `${prefix}/series/{id}`;
      const path = `${prefix}/series/${id}`;
      const unknown = `${prefix}/series/2c9d4e1f-6a7b-4c8d-9e0f-1a2b3c4d5e6f`;
      expect((await call('GET', template, path, options)).json.series.next_at).toEqual(expect.any(String));
      expectError(await call('GET', template, unknown, options), 404, 'NOT_FOUND');
      expect((await call('PATCH', template, path, { ...options, body: { variations: ['fresh'] } })).json.series.variations).toEqual([
        'fresh',
      ]);
      expectError(await call('PATCH', template, path, { ...options, body: { rule: { every: { weeks: 1 } } } }), 400, 'INVALID_FIELD');
      expect((await call('DELETE', template, path, options)).status).toBe(204);
      expectError(await call('DELETE', template, path, options), 404, 'NOT_FOUND');
    }
  });

  it('the validator itself refuses what the document does not allow', () => {
    const ok = {
      status: 200,
      headers: {
        'x-request-id': 'r',
        'content-type': 'application/json',
        'x-ratelimit-limit': '1',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '1',
      },
    };
    expect(
      validate('GET', '/usage', {
        ...ok,
        text: JSON.stringify({ usage: { limit: 1, used: 0, remaining: 1, resets_at: '2026-12-01T00:00:00.000Z', month: '2026-11' } }),
      }),
    ).toEqual([]);
    expect(validate('GET', '/usage', { ...ok, text: JSON.stringify({ usage: { limit: 1 }, extra: true }) })).not.toEqual([]);
    expect(validate('GET', '/usage', { ...ok, status: 418, text: '{}' })).not.toEqual([]);
    expect(validate('GET', '/usage', { ...ok, headers: { 'content-type': 'application/json' }, text: '{}' }).join()).toContain(
      'x-request-id',
    );
  });

  it('posts batch: per-item results (created and refused), envelope errors, and the dashboard twin', async () => {
    const { accountId, apiKey: key } = await account({ monthlyLimit: 2 });
    await service.connectProfile(accountId, 'bluesky');
    const batch = (body: unknown) => call('POST', '/posts/batch', '/posts/batch', { key, body });
    const mixed = await batch({
      posts: [
        { content: 'now', platforms: ['bluesky'] },
        { content: 'later', platforms: ['bluesky'], scheduled_for: inMinutes(30) },
        { content: 'over the limit', platforms: ['bluesky'] },
        { content: 'not connected', platforms: ['linkedin'] },
        { content: 'x'.repeat(3001), platforms: ['bluesky'] },
        'not an object',
      ],
    });
    expect(mixed.json.results.map((result: { status: number }) => result.status)).toEqual([201, 201, 429, 400, 400, 400]);
    expectError(await batch({ posts: [] }), 400, 'INVALID_FIELD');
    expectError(await batch({}), 400, 'MISSING_REQUIRED_FIELD');

    const email = uniqueEmail('contract-batch');
    const owner = await accountWithLogin(service, email);
    await service.connectProfile(owner.accountId, 'bluesky');
    const { session } = await signIn(service, email);
    const headers = { cookie: session!.cookie, 'x-csrf-token': session!.csrf };
    const api = '/dashboard/api/posts/batch';
    const twin = await call('POST', api, api, { headers, body: { posts: [{ content: 'From the CSV', platforms: ['bluesky'] }] } });
    expect(twin.json.results).toMatchObject([{ index: 0, status: 201, post: { content: 'From the CSV' } }]);
    expectError(await call('POST', api, api, { headers, body: { posts: 'none' } }), 400, 'INVALID_FIELD');
  });

  it('metrics: refresh a published post (202, then 429), analytics (200, 400), API and dashboard', async () => {
    const email = uniqueEmail('contract-metrics');
    const { accountId, apiKey: key } = await accountWithLogin(service, email);
    await service.connectProfile(accountId, 'linkedin');
    /** A post left as the publisher leaves one LinkedIn published. */
    const published = async () => {
      const { db, tableName } = await import('#shared/store/client');
      const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
      const { postKey } = await import('#shared/store/posts');
      const created = await service.call('POST', '/posts', {
        key,
        body: {
          content: `Metrics contract ${Math.random()}`,
          platforms: ['linkedin'],
          scheduled_for: inMinutes(60 + Math.floor(Math.random() * 600)),
        },
      });
      const at = new Date().toISOString();
      const result = {
        status: 'published',
        url: 'https://www.linkedin.com/feed/update/urn:li:share:1',
        platform_post_id: 'urn:li:share:1',
        published_at: at,
        error: null,
      };
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: postKey(created.json.post.id),
          UpdateExpression: 'SET #s = :published, results = :results, published_at = :at',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':published': 'published', ':results': { linkedin: result }, ':at': at },
        }),
      );
      return created.json.post.id as string;
    };
    const first = await published();
    const refresh = (template: string, path: string, options: CallOptions) => call('POST', template, path, options);
    expect((await refresh('/posts/{id}/metrics/refresh', `/posts/${first}/metrics/refresh`, { key })).status).toBe(202);
    expectError(await refresh('/posts/{id}/metrics/refresh', `/posts/${first}/metrics/refresh`, { key }), 429, 'RATE_LIMIT_EXCEEDED');
    expectError(await refresh('/posts/{id}/metrics/refresh', '/posts/nope/metrics/refresh', { key }), 400, 'INVALID_ID');
    expect((await call('GET', '/analytics', '/analytics?from=2026-11-01&to=2026-11-30', { key })).status).toBe(200);
    expectError(await call('GET', '/analytics', '/analytics?from=2026-11-30&to=2026-11-01', { key }), 400, 'INVALID_FIELD');

    const { session } = await signIn(service, email);
    const headers = { cookie: session!.cookie, 'x-csrf-token': session!.csrf };
    const second = await published();
    const template = '/dashboard/api/posts/{id}/metrics/refresh';
    expect((await refresh(template, `/dashboard/api/posts/${second}/metrics/refresh`, { headers })).status).toBe(202);
    expectError(await refresh(template, `/dashboard/api/posts/${second}/metrics/refresh`, { headers }), 429, 'RATE_LIMIT_EXCEEDED');
    const analytics = '/dashboard/api/analytics';
    expect((await call('GET', analytics, `${analytics}?from=2026-11-01&to=2026-11-02&platform=linkedin`, { headers })).status).toBe(200);
    expectError(await call('GET', analytics, `${analytics}?from=2026-11-01`, { headers }), 400, 'INVALID_FIELD');
  });

  it('oauth and connections: discovery, registration, authorization, consent, tokens, revocation, connections', async () => {
    const { createHash, randomBytes } = await import('node:crypto');
    const email = uniqueEmail('contract-oauth');
    const { apiKey: key } = await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    const headers = { cookie: session!.cookie, 'x-csrf-token': session!.csrf };
    const form = (fields: Record<string, string>) => ({
      rawBody: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const oauthError = (response: CallResult, error: string) => expect([response.status, response.json?.error]).toEqual([400, error]);

    for (const path of [
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ])
      expect((await call('GET', path, path)).status).toBe(200);

    const redirect = 'http://127.0.0.1:8976/callback';
    const registered = await call('POST', '/oauth/register', '/oauth/register', {
      body: { client_name: 'Contract', redirect_uris: [redirect] },
    });
    expect(registered.status).toBe(201);
    oauthError(await call('POST', '/oauth/register', '/oauth/register', { body: { redirect_uris: ['ftp://x'] } }), 'invalid_redirect_uri');

    /** Authorize, then the consent request's secret (from the consent page's URL). */
    const consentRequest = async () => {
      const verifier = randomBytes(32).toString('base64url');
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: registered.json.client_id,
        redirect_uri: redirect,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      });
      const started = await call('GET', '/oauth/authorize', `/oauth/authorize?${query.toString()}`);
      expect(started.status).toBe(302);
      return { verifier, request: new URL(started.headers.get('location')!).searchParams.get('request')! };
    };
    const { verifier, request } = await consentRequest();
    const requests = '/dashboard/api/oauth/request';
    expect((await call('GET', requests, `${requests}?request=${request}`, { headers })).status).toBe(200);
    expectError(await call('GET', requests, `${requests}?request=spar_unknown`, { headers }), 404, 'NOT_FOUND');
    expectError(await call('GET', requests, `${requests}?request=x&other=y`, { headers }), 400, 'INVALID_FIELD');
    const decision = '/dashboard/api/oauth/decision';
    const decided = await call('POST', decision, decision, { headers, body: { request, allow: true, scope: 'read' } });
    expect(decided.status).toBe(200);
    expectError(await call('POST', decision, decision, { headers, body: { request, allow: true } }), 404, 'NOT_FOUND');
    const code = new URL(decided.json.redirect_url).searchParams.get('code')!;
    registerSecret(code);
    const exchange = {
      grant_type: 'authorization_code',
      client_id: registered.json.client_id,
      code,
      redirect_uri: redirect,
      code_verifier: verifier,
    };
    const tokens = await call('POST', '/oauth/token', '/oauth/token', form(exchange));
    expect(tokens.status).toBe(200);
    [tokens.json.access_token, tokens.json.refresh_token].forEach(registerSecret);
    oauthError(await call('POST', '/oauth/token', '/oauth/token', form({})), 'invalid_request');
    expect((await call('POST', '/oauth/revoke', '/oauth/revoke', form({ token: tokens.json.access_token }))).status).toBe(200);
    oauthError(await call('POST', '/oauth/revoke', '/oauth/revoke', form({})), 'invalid_request');

    const listed = await call('GET', '/connections', '/connections', { key });
    expect(listed.json.connections).toHaveLength(1);
    expectError(await call('GET', '/connections', '/connections'), 401, 'MISSING_API_KEY');
    expect((await call('GET', '/dashboard/api/connections', '/dashboard/api/connections', { headers })).status).toBe(200);
    expectError(await call('GET', '/dashboard/api/connections', '/dashboard/api/connections'), 403, 'FORBIDDEN');
    const id = listed.json.connections[0].id as string;
    expect((await call('DELETE', '/connections/{id}', `/connections/${id}`, { key })).status).toBe(204);
    expectError(await call('DELETE', '/connections/{id}', `/connections/${id}`, { key }), 404, 'NOT_FOUND');
    const second = await consentRequest();
    await call('POST', decision, decision, { headers, body: { request: second.request, allow: true } });
    const other = (await call('GET', '/connections', '/connections', { key })).json.connections[0].id as string;
    const dashboardDelete = '/dashboard/api/connections/{id}';
    expect((await call('DELETE', dashboardDelete, `/dashboard/api/connections/${other}`, { headers })).status).toBe(204);
    expectError(await call('DELETE', dashboardDelete, '/dashboard/api/connections/nope', { headers }), 400, 'INVALID_ID');
  });

  it('settings and tracked links: get and put (API and dashboard), the redirect and its 404 page', async () => {
    const { apiKey: key } = await account({ plan: 'pro' });
    expect((await call('GET', '/settings', '/settings', { key })).json).toEqual({ settings: { track_links: false, utm_campaign: null } });
    expect((await call('PUT', '/settings', '/settings', { key, body: { track_links: true, utm_campaign: 'c1' } })).status).toBe(200);
    expectError(await call('PUT', '/settings', '/settings', { key, body: { track_links: 'yes' } }), 400, 'INVALID_FIELD');
    expectError(await call('GET', '/settings', '/settings'), 401, 'MISSING_API_KEY');
    const email = uniqueEmail('contract-settings');
    await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    const headers = { cookie: session!.cookie, 'x-csrf-token': session!.csrf };
    const dashboard = (method: string, options: CallOptions = {}) =>
      call(method, '/dashboard/api/settings', '/dashboard/api/settings', { ...options, headers: { ...headers, ...options.headers } });
    expect((await dashboard('GET')).status).toBe(200);
    expect((await dashboard('PUT', { body: { utm_campaign: null } })).status).toBe(200);
    expectError(await dashboard('PUT', { body: { utm_campaign: 'two words' } }), 400, 'INVALID_FIELD');
    expectError(await call('GET', '/dashboard/api/settings', '/dashboard/api/settings'), 403, 'FORBIDDEN');

    const { putTrackedLink } = await import('#shared/store/tracked-links');
    const code = await putTrackedLink({
      code: 'Contract0001',
      account_id: randomUUID(),
      post_id: randomUUID(),
      platform: 'bluesky',
      original: 'https://example.com/a',
      target: 'https://example.com/a?utm_source=bluesky&utm_medium=social',
      created_at: new Date().toISOString(),
    });
    const followed = await call('GET', '/l/{code}', `/l/${code}`);
    expect([followed.status, followed.headers.get('location')]).toEqual([
      302,
      'https://example.com/a?utm_source=bluesky&utm_medium=social',
    ]);
    expect((await call('GET', '/l/{code}', '/l/Contract0002')).status).toBe(404);
  });

  it('audit trail: 200 and 400, API and dashboard; a stale version 412', async () => {
    const email = uniqueEmail('contract-audit');
    const { apiKey: key } = await accountWithLogin(service, email);
    expect((await call('GET', '/audit', '/audit?limit=5', { key })).status).toBe(200);
    expectError(await call('GET', '/audit', '/audit?to=yesterday', { key }), 400, 'INVALID_FIELD');
    const { session } = await signIn(service, email);
    const headers = { cookie: session!.cookie };
    expect((await call('GET', '/dashboard/api/audit', '/dashboard/api/audit', { headers })).status).toBe(200);
    expectError(await call('GET', '/dashboard/api/audit', '/dashboard/api/audit?limit=0', { headers }), 400, 'INVALID_FIELD');
    const draft = await service.call('POST', '/posts', { key, body: { content: 'pinned', platforms: ['bluesky'], draft: true } });
    const path = `/posts/${draft.json.post.id}`;
    expectError(
      await call('PATCH', '/posts/{id}', path, { key, body: { content: 'x' }, headers: { 'if-match': '"v9"' } }),
      412,
      'VERSION_MISMATCH',
    );
  });

  it('inbox: list, get, mark, reply, approve, refresh, and their errors (API and dashboard)', async () => {
    const email = uniqueEmail('contract-inbox');
    const { accountId, apiKey: key } = await accountWithLogin(service, email);
    await service.connectProfile(accountId, 'linkedin');
    const { putNewInboxItem } = await import('#shared/store/inbox-items');
    const { inboxItemId } = await import('#shared/domain/inbox');
    /** An item as a collection stores a LinkedIn comment (its reply fails here: the profile's credentials are not real). */
    const seeded = async (n: number) => {
      const urn = `urn:li:comment:(urn:li:activity:1,${n})`;
      const id = inboxItemId(accountId, 'linkedin', urn);
      const at = new Date().toISOString();
      await putNewInboxItem({
        id,
        account_id: accountId,
        platform: 'linkedin',
        type: 'comment',
        post_id: null,
        author: { id: 'urn:li:person:someone', handle: null, display_name: null, url: null },
        text: `Comment ${n}`,
        url: 'https://www.linkedin.com/feed/update/urn:li:share:1/',
        created_at: at,
        received_at: at,
        status: 'new',
        version: 1,
        reply: null,
        source: { platform: 'linkedin', comment_urn: urn, object_urn: 'urn:li:share:1' },
      });
      return id;
    };
    const unknown = '7d444840-9dc0-4c5e-8b3a-1b2f6c1e2a3b';
    const { session } = await signIn(service, email);
    const dashboard = { headers: { cookie: session!.cookie, 'x-csrf-token': session!.csrf } };
    for (const [prefix, auth] of [
      ['', { key }],
      ['/dashboard/api', dashboard],
    ] as const) {
      const first = await seeded(prefix ? 3 : 1);
      const second = await seeded(prefix ? 4 : 2);
      const at = (template: string) => `${prefix}${template}`;
      expect((await call('GET', at('/inbox'), `${prefix}/inbox?limit=1`, auth)).status).toBe(200);
      expectError(await call('GET', at('/inbox'), `${prefix}/inbox?status=unknown`, auth), 400, 'INVALID_FIELD');
      expect((await call('GET', at('/inbox/{id}'), `${prefix}/inbox/${first}`, auth)).status).toBe(200);
      expectError(await call('GET', at('/inbox/{id}'), `${prefix}/inbox/${unknown}`, auth), 404, 'NOT_FOUND');
      expect((await call('PATCH', at('/inbox/{id}'), `${prefix}/inbox/${first}`, { ...auth, body: { status: 'read' } })).status).toBe(200);
      expectError(await call('PATCH', at('/inbox/{id}'), `${prefix}/inbox/nope`, { ...auth, body: { status: 'read' } }), 400, 'INVALID_ID');
      expect(
        (await call('POST', at('/inbox/{id}/reply'), `${prefix}/inbox/${first}/reply`, { ...auth, body: { content: 'Thanks' } })).status,
      ).toBe(202);
      expectError(
        await call('POST', at('/inbox/{id}/reply'), `${prefix}/inbox/${first}/reply`, { ...auth, body: {} }),
        400,
        'MISSING_REQUIRED_FIELD',
      );
      const drafted = await call('POST', at('/inbox/{id}/reply'), `${prefix}/inbox/${second}/reply`, {
        ...auth,
        body: { content: 'Maybe', draft: true },
      });
      expect(drafted.status).toBe(202);
      const approve = at('/inbox/{id}/reply/approve');
      expectError(
        await call('POST', approve, `${prefix}/inbox/${second}/reply/approve`, { ...auth, body: { expected_version: 1 } }),
        412,
        'VERSION_MISMATCH',
      );
      expect(
        (
          await call('POST', approve, `${prefix}/inbox/${second}/reply/approve`, {
            ...auth,
            body: { expected_version: drafted.json.item.version },
          })
        ).status,
      ).toBe(202);
      expectError(await call('POST', approve, `${prefix}/inbox/${second}/reply/approve`, auth), 409, 'INVALID_POST_STATE');
    }
    expect((await call('POST', '/inbox/refresh', '/inbox/refresh', { key })).status).toBe(202);
    expectError(await call('POST', '/inbox/refresh', '/inbox/refresh', { key }), 429, 'RATE_LIMIT_EXCEEDED');
    // The dashboard's refresh, on an account that has not refreshed this minute.
    const otherEmail = uniqueEmail('contract-inbox-refresh');
    await accountWithLogin(service, otherEmail);
    const { session: other } = await signIn(service, otherEmail);
    const otherDashboard = { headers: { cookie: other!.cookie, 'x-csrf-token': other!.csrf } };
    expect((await call('POST', '/dashboard/api/inbox/refresh', '/dashboard/api/inbox/refresh', otherDashboard)).status).toBe(202);
    expectError(
      await call('POST', '/dashboard/api/inbox/refresh', '/dashboard/api/inbox/refresh', otherDashboard),
      429,
      'RATE_LIMIT_EXCEEDED',
    );
  });

  it('covered every route with a success and an error', () => {
    // Routes with no error status to cover: GET /oauth/authorize answers every problem with a redirect
    // (to the consent page's error, or back to the app with error=, RFC 6749 section 4.1.2.1); the
    // OAuth discovery documents are static and refuse nothing.
    const alwaysRedirects = new Set([
      'GET /oauth/authorize',
      'GET /.well-known/oauth-protected-resource',
      'GET /.well-known/oauth-protected-resource/mcp',
      'GET /.well-known/oauth-authorization-server',
    ]);
    const missing = routes
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => {
        const statuses = [...(seen.get(key) ?? [])];
        if (alwaysRedirects.has(key)) return !statuses.some((status) => status < 400);
        return !statuses.some((status) => status < 400) || !statuses.some((status) => status >= 400);
      });
    expect(missing).toEqual([]);
  });
});
