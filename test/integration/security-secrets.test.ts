import { createHash, randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { localClient } from '../../local/dynamodb-local';
import { startFakeLinkedIn, type FakeLinkedIn } from '../fakes/fake-linkedin';
import { captureLogs, type LogCapture } from '../support/log-capture';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import { openAuthorizationUrl } from '../support/linkedin-browser';
import { eventually } from '../support/eventually';

/**
 * Secrets stay secret through a whole flow run at LOG_LEVEL=INFO (keys created and deleted,
 * LinkedIn connected through OAuth, a Bluesky profile with sealed credentials, a post
 * published for real by the local publisher, and errors): no secret in any log line, no
 * plaintext credential or key value in any stored item (hashes and sealed values only).
 * The logs are also what the runbook tells on-call to query: their fields are checked here.
 */
const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');
const jwt = (claims: Record<string, unknown>) =>
  ['{"alg":"ES256K"}', JSON.stringify(claims), 'sig'].map((part) => Buffer.from(part).toString('base64url')).join('.');

/** Polls the store (no HTTP request, so no request's log context) until the post leaves `publishing`. */
async function finalStatus(postId: string): Promise<string | undefined> {
  const { getPostItem } = await import('#shared/store/posts');
  return eventually(
    async () => {
      const post = await getPostItem(postId);
      expect(post?.status).not.toBe('publishing');
      return post?.status;
    },
    { timeoutMs: 10_000, intervalMs: 100 },
  );
}

describe('secrets in logs and in the store', () => {
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let logs: LogCapture;
  const secrets: string[] = [];
  const keep = (...values: string[]) =>
    values.forEach((value) => {
      secrets.push(value);
      registerSecret(value);
    });
  let postId: string;
  let rotatedKey: string;

  beforeAll(async () => {
    linkedin = await startFakeLinkedIn();
    // The real local scheduler and publisher: the post goes out to the fake LinkedIn; Bluesky's PDS does not answer.
    service = await startTestService({ ...linkedin.settings(), LOG_LEVEL: 'INFO', PUBLISH_MAX_ATTEMPTS: '1' });
    keep(linkedin.settings().LINKEDIN_CLIENT_SECRET);
    logs = captureLogs();
  });
  afterAll(async () => {
    logs.restore();
    await service.stop();
    await linkedin.stop();
  });

  it('runs keys, OAuth, sealed credentials, publishing and errors', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    keep(apiKey);
    const created = await service.call('POST', '/keys', { key: apiKey, body: { name: 'rotated' } });
    keep(created.json.api_key);
    const key: string = (rotatedKey = created.json.api_key);
    const spare = await service.call('POST', '/keys', { key, body: { name: 'spare' } });
    keep(spare.json.api_key);
    expect((await service.call('DELETE', `/keys/${spare.json.key.id}`, { key })).status).toBe(204);

    const started = await service.call('POST', '/profiles/linkedin/authorize', { key });
    const browser = await openAuthorizationUrl(service.baseUrl, started.json.authorization_url);
    keep(browser.cookie.split('=')[1]);
    const approval = linkedin.approve(browser.linkedInUrl, { sub: 'sec-1', name: 'Sec Member' });
    keep(approval.state as string, approval.code as string);
    const asBrowser = { headers: { cookie: browser.cookie } };
    expect((await service.call('GET', approval.callbackPath, asBrowser)).status).toBe(201);
    keep(...linkedin.tokens('sec-1').map((issued) => issued.token));
    expect((await service.call('GET', approval.callbackPath, asBrowser)).json.error).toBe('OAUTH_ERROR'); // the state again

    // A Bluesky profile whose sealed credentials come from a known plaintext.
    const appPassword = 'wxyz-wxyz-wxyz-wxyz';
    const session = {
      accessJwt: jwt({ scope: 'com.atproto.appPass', n: randomUUID() }),
      refreshJwt: jwt({ scope: 'com.atproto.refresh', n: randomUUID() }),
      did: 'did:plc:sec',
      handle: 'sec.test',
    };
    keep(appPassword, session.accessJwt, session.refreshJwt);
    const { secretBox } = await import('#shared/ports/registry');
    const { createProfileItem } = await import('#shared/store/profiles');
    const profileId = randomUUID();
    await createProfileItem({
      id: profileId,
      account_id: accountId,
      platform: 'bluesky',
      handle: 'sec.test',
      display_name: null,
      platform_user_id: 'did:plc:sec',
      connected_at: new Date().toISOString(),
      expires_at: null,
      needs_reconnect: false,
      service: 'http://127.0.0.1:1',
      credentials: await (
        await secretBox()
      ).seal(JSON.stringify({ app_password: appPassword, session }), { account_id: accountId, profile_id: profileId }),
    });

    const posted = await service.call('POST', '/posts', {
      key,
      body: { content: 'Secrets stay #secret', platforms: ['linkedin', 'bluesky'] },
    });
    expect(posted.status).toBe(201);
    postId = posted.json.post.id;
    // Waits on the store, not on GET /posts/{id}: see the last test for why.
    expect(await finalStatus(postId)).toBe('partially_published');

    // Errors carrying secrets in the request: none may come back or be logged.
    expect((await service.call('GET', '/profiles', { key: apiKey.slice(0, -1) })).status).toBe(401);
    expect((await service.call('GET', '/profiles', { key: spare.json.api_key })).status).toBe(401);
    const badConnect = await service.call('POST', '/profiles/bluesky', {
      key,
      body: { handle: 'x.test', app_password: 'Hunter2-main-password' },
    });
    expect(badConnect.json.error).toBe('INVALID_FIELD');
    keep('Hunter2-main-password');
    expect(badConnect.text).not.toContain('Hunter2');
  });

  it('logged none of them', () => {
    const text = logs.text();
    expect(text.length).toBeGreaterThan(1000);
    for (const secret of secrets)
      expect({ secret: secret.slice(0, 6), found: text.includes(secret) }).toEqual({ secret: secret.slice(0, 6), found: false });
    expect(text).not.toMatch(/sk_[A-Za-z0-9_-]{43}/);
  });

  it('logged what the runbook says on-call can query', () => {
    const lines = logs
      .text()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const created = lines.find((line) => line.message === 'request' && line.route === 'POST /posts');
    expect(created).toMatchObject({
      level: 'INFO',
      service: 'social-posting',
      request_id: expect.any(String),
      operation: 'create-post',
      account_id: expect.any(String),
      api_key_id: expect.any(String),
      status: 201,
      latency_ms: expect.any(Number),
      timestamp: expect.any(String),
    });
    expect(lines.find((line) => line.message === 'request' && line.status === 401)).toMatchObject({ error_code: 'INVALID_API_KEY' });
    const ofPost = lines.filter((line) => line.post_id === postId);
    expect(ofPost.find((line) => line.message === 'platform result' && line.platform === 'linkedin')).toMatchObject({
      result: 'published',
      url: expect.any(String),
      operation: 'publish-post',
    });
    expect(ofPost.find((line) => line.message === 'platform result' && line.platform === 'bluesky')).toMatchObject({
      result: 'failed',
      error_code: 'PLATFORM_UNAVAILABLE',
    });
    expect(ofPost.find((line) => line.message === 'post finished')).toMatchObject({ status: 'partially_published' });
    expect(ofPost.find((line) => line.message === 'publisher run')).toMatchObject({ latency_ms: expect.any(Number) });
  });

  it('stored hashes and sealed values only', async () => {
    const client = localClient(service.endpoint);
    const { Items = [] } = await client.send(new ScanCommand({ TableName: service.tableName, ConsistentRead: true }));
    client.destroy();
    const items = Items.map((raw) => unmarshall(raw));
    const dump = JSON.stringify(items);
    for (const secret of secrets)
      expect({ secret: secret.slice(0, 6), stored: dump.includes(secret) }).toEqual({ secret: secret.slice(0, 6), stored: false });
    expect(dump).not.toMatch(/sk_[A-Za-z0-9_-]{43}/);
    const lookups = items.filter((item) => item.type === 'api_key_lookup').map((item) => item.pk);
    expect(lookups).toContain(`APIKEY#${sha256(rotatedKey)}`); // by its SHA-256 only
    const profiles = items.filter((item) => item.type === 'profile');
    expect(profiles).toHaveLength(2);
    for (const profile of profiles) expect(profile.credentials).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // OAuth states by hash; the used one is gone.
    expect(items.filter((item) => item.type === 'oauth_state')).toEqual([]);
  });

  // Last: it adds an account. Fails today (see the report): locally the publisher shares the process-wide
  // logger with the HTTP handlers, whose per-request resetKeys() takes its post_id and request_id away.
  it('keeps each publisher line on its post while requests run alongside (local server)', async () => {
    const { accountId, apiKey } = await service.createAccount();
    keep(apiKey);
    await service.connectProfile(accountId, 'bluesky'); // unreadable credentials: fails at once
    const posted = await service.call('POST', '/posts', { key: apiKey, body: { content: 'busy', platforms: ['bluesky'] } });
    // Requests during publishing, as a client polling for the result would send.
    for (let poll = 0; poll < 20; poll += 1) await service.call('GET', `/posts/${posted.json.post.id}`, { key: apiKey });
    expect(await finalStatus(posted.json.post.id)).toBe('failed');
    const lines = logs
      .text()
      .split('\n')
      .filter((line) => line.includes('"platform result"') || line.includes('"post finished"'));
    const ofPost = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => String(line.timestamp) >= posted.json.post.created_at);
    expect(ofPost.length).toBeGreaterThanOrEqual(2);
    for (const line of ofPost) expect(line).toMatchObject({ operation: 'publish-post', post_id: posted.json.post.id });
  });
});
