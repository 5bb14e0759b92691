import { captureLogs, type LogCapture } from '../support/log-capture';
import { startTestPds, type TestPds, type TestUser } from '../support/pds';
import { startTestService, type TestService } from '../support/test-service';
import { eventually } from '../support/eventually';

/**
 * The whole way through the local service: connect, POST /posts, the local scheduler and the
 * publisher, the Bluesky adapter, a real PDS; then a revoked app password and a reconnect.
 */
describe('Bluesky end to end', () => {
  let pds: TestPds;
  let service: TestService;
  let logs: LogCapture;
  let alice: TestUser;
  let account: { accountId: string; apiKey: string };
  const secrets: string[] = [];

  beforeAll(async () => {
    pds = await startTestPds();
    service = await startTestService({ LOG_LEVEL: 'INFO', BLUESKY_SERVICE_URL: pds.url, PUBLISH_RETRY_BASE_MS: '1' });
    alice = await pds.createUser('alice');
    secrets.push(alice.appPassword, alice.password);
    account = await service.createAccount({ plan: 'pro' });
    logs = captureLogs();
  }, 60_000);
  afterAll(async () => {
    logs?.restore();
    await service?.stop();
    await pds?.stop();
  });

  const connect = async (appPassword: string) => {
    const response = await service.call('POST', '/profiles/bluesky', {
      key: account.apiKey,
      body: { handle: alice.handle, app_password: appPassword },
    });
    expect(response.status).toBe(201);
    return response.json.profile as { id: string };
  };

  /** Creates a post for Bluesky now and waits until the publisher has finished with it. */
  async function publishNow(content: string) {
    const created = await service.call('POST', '/posts', { key: account.apiKey, body: { content, platforms: ['bluesky'] } });
    expect(created.status).toBe(201);
    return eventually(
      async () => {
        const { json } = await service.call('GET', `/posts/${created.json.post.id}`, { key: account.apiKey });
        expect(json.post.status).not.toBe('publishing');
        return json.post;
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
  }

  it('publishes a post with a link, a mention and a tag, and a long one as a thread', async () => {
    await connect(alice.appPassword);
    const short = await publishNow(`Hello from the API: https://example.com/a_(b) @${alice.handle} #launch`);
    expect(short.status).toBe('published');
    const [record] = await pds.listPosts(alice.did);
    expect(short.results.bluesky).toEqual({
      status: 'published',
      url: `https://bsky.app/profile/${alice.handle}/post/${record.rkey}`,
      platform_post_id: record.uri,
      published_at: expect.stringMatching(/Z$/),
      error: null,
      metrics: null,
    });
    expect(record.value.facets).toHaveLength(3);

    const long = await publishNow(
      Array.from({ length: 4 }, (_, index) => `Paragraph ${index + 1}. ${'Words go here. '.repeat(14)}`).join('\n\n'),
    );
    expect(long.status).toBe('published');
    const records = await pds.listPosts(alice.did);
    expect(records).toHaveLength(1 + 4);
    expect(long.results.bluesky.platform_post_id).toBe(records[1].uri);
    expect(records.slice(2).every((reply) => reply.value.reply.root.uri === records[1].uri)).toBe(true);
  });

  it('fails with PLATFORM_AUTH_EXPIRED and flags the profile after the app password is revoked; a reconnect mends it', async () => {
    const { getProfileItem } = await import('#shared/store/profiles');
    const { openCredentials, sealCredentials } = await import('#shared/platforms/bluesky/credentials');
    const { updateProfileCredentials } = await import('#shared/store/profiles');
    const item = (await getProfileItem(account.accountId, 'bluesky'))!;
    const owner = { accountId: account.accountId, profileId: item.id };
    const credentials = await openCredentials(item.credentials, owner);
    secrets.push(credentials.session.accessJwt, credentials.session.refreshJwt);
    await pds.revokeAppPassword(alice);
    // The PDS honours an access token issued before the revoke until it expires (2 h): age it.
    credentials.session.accessJwt = 'expired';
    await updateProfileCredentials(account.accountId, 'bluesky', item.id, await sealCredentials(credentials, owner));

    const failed = await publishNow('This one cannot go out');
    expect(failed.status).toBe('failed');
    expect(failed.results.bluesky).toMatchObject({
      status: 'failed',
      error: { code: 'PLATFORM_AUTH_EXPIRED', message: expect.stringContaining('reconnect') },
    });
    const profile = await service.call('GET', `/profiles/${item.id}`, { key: account.apiKey });
    expect(profile.json.profile.needs_reconnect).toBe(true);

    expect((await service.call('DELETE', `/profiles/${item.id}`, { key: account.apiKey })).status).toBe(204);
    const appPassword = await pds.createAppPassword(alice, 'second');
    secrets.push(appPassword);
    const reconnected = await connect(appPassword);
    expect(reconnected).toMatchObject({ needs_reconnect: false });
    expect((await publishNow('Back again')).status).toBe('published');
  });

  it('logs no app password or token along the way', () => {
    const text = logs.text();
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
