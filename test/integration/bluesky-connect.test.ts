import { randomBytes } from 'node:crypto';
import { captureLogs, type LogCapture } from '../support/log-capture';
import { startTestPds, type TestPds, type TestUser } from '../support/pds';
import { startTestService, type TestService } from '../support/test-service';

/** POST /profiles/bluesky against a real PDS (and a few broken stand-ins). */
describe('connecting a Bluesky profile', () => {
  let pds: TestPds;
  let service: TestService;
  let logs: LogCapture;
  let alice: TestUser;
  const secrets: string[] = [];

  beforeAll(async () => {
    pds = await startTestPds();
    service = await startTestService({ LOG_LEVEL: 'INFO', BLUESKY_SERVICE_URL: pds.url });
    alice = await pds.createUser('alice');
    await pds.setDisplayName(alice, 'Alice Example');
    secrets.push(alice.appPassword, alice.password);
    logs = captureLogs();
  }, 60_000);
  afterAll(async () => {
    logs?.restore();
    await service?.stop();
    await pds?.stop();
  });

  const connect = async (body: unknown, headers?: Record<string, string>) => {
    const { apiKey, accountId } = await service.createAccount();
    return { accountId, apiKey, response: await service.call('POST', '/profiles/bluesky', { key: apiKey, body, headers }) };
  };

  it('connects with a real app password: 201, DID, normalised handle, display name, nothing secret', async () => {
    const { apiKey, accountId, response } = await connect({ handle: `@${alice.handle.toUpperCase()}`, app_password: alice.appPassword });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      profile: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        platform: 'bluesky',
        handle: alice.handle,
        display_name: 'Alice Example',
        platform_user_id: alice.did,
        connected_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        expires_at: null,
        needs_reconnect: false,
        author: { type: 'member', id: alice.did, name: 'Alice Example' },
        auth: 'app_password',
      },
    });
    expect(alice.did).toMatch(/^did:plc:/);
    expect(response.text).not.toContain(alice.appPassword);
    const listed = await service.call('GET', '/profiles', { key: apiKey });
    expect(listed.json.profiles).toEqual([response.json.profile]);

    // Stored: the PDS URL, and the credentials only sealed, bound to this account and profile.
    const { getProfileItem } = await import('#shared/store/profiles');
    const { openCredentials } = await import('#shared/platforms/bluesky/credentials');
    const item = (await getProfileItem(accountId, 'bluesky'))!;
    expect(item.service).toBe(pds.url);
    expect(item.credentials).not.toContain(alice.appPassword);
    const credentials = await openCredentials(item.credentials, { accountId, profileId: item.id });
    expect(credentials).toEqual({
      app_password: alice.appPassword,
      session: { accessJwt: expect.any(String), refreshJwt: expect.any(String), did: alice.did, handle: alice.handle },
    });
    await expect(openCredentials(item.credentials, { accountId, profileId: 'another-profile' })).rejects.toThrow();
    secrets.push(credentials.session.accessJwt, credentials.session.refreshJwt);
  });

  it('answers PROFILE_ALREADY_EXISTS for a second Bluesky profile, without logging in', async () => {
    const bob = await pds.createUser('bob');
    secrets.push(bob.appPassword);
    const { apiKey } = await service.createAccount();
    const first = await service.call('POST', '/profiles/bluesky', {
      key: apiKey,
      body: { handle: bob.handle, app_password: bob.appPassword },
    });
    expect(first.status).toBe(201);
    const logins = pds.createSessionCount();
    const second = await service.call('POST', '/profiles/bluesky', {
      key: apiKey,
      body: { handle: alice.handle, app_password: alice.appPassword },
    });
    expect(second.status).toBe(400);
    expect(second.json).toEqual({ error: 'PROFILE_ALREADY_EXISTS', message: expect.any(String) });
    expect(pds.createSessionCount()).toBe(logins);
  });

  it('makes exactly one profile out of 10 concurrent connects', async () => {
    const { apiKey } = await service.createAccount();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        service.call('POST', '/profiles/bluesky', { key: apiKey, body: { handle: alice.handle, app_password: alice.appPassword } }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(400)]);
    expect(
      responses.filter((response) => response.status === 400).every((response) => response.json.error === 'PROFILE_ALREADY_EXISTS'),
    ).toBe(true);
    expect((await service.call('GET', '/profiles', { key: apiKey })).json.profiles).toHaveLength(1);
  });

  it('replays a connect with the same idempotency-key without logging in again', async () => {
    const { apiKey } = await service.createAccount();
    const request = {
      key: apiKey,
      body: { handle: alice.handle, app_password: alice.appPassword },
      headers: { 'idempotency-key': 'connect-1' },
    };
    const first = await service.call('POST', '/profiles/bluesky', request);
    const logins = pds.createSessionCount();
    const again = await service.call('POST', '/profiles/bluesky', request);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(pds.createSessionCount()).toBe(logins);
  });

  describe('refused credentials: 400 INVALID_CREDENTIALS, nothing stored', () => {
    it.each([
      ['a wrong app password', () => ({ handle: alice.handle, app_password: 'aaaa-bbbb-cccc-dddd' })],
      ['an unknown handle', () => ({ handle: `nobody-${randomBytes(3).toString('hex')}.test`, app_password: alice.appPassword })],
    ])('%s', async (_, body) => {
      const { apiKey, response } = await connect(body());
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ error: 'INVALID_CREDENTIALS', message: expect.any(String) });
      expect((await service.call('GET', '/profiles', { key: apiKey })).json.profiles).toEqual([]);
    });

    it('a revoked app password', async () => {
      const carol = await pds.createUser('carol');
      secrets.push(carol.appPassword);
      await pds.revokeAppPassword(carol);
      const { response } = await connect({ handle: carol.handle, app_password: carol.appPassword });
      expect(response.status).toBe(400);
      expect(response.json.error).toBe('INVALID_CREDENTIALS');
    });
  });

  describe('app passwords only', () => {
    it('refuses the main password even in the app-password form, and stores nothing', async () => {
      const mainPassword = 'main-pass-word-1234';
      const dave = await pds.createUser('dave', { password: mainPassword });
      const { apiKey, response } = await connect({ handle: dave.handle, app_password: mainPassword });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        error: 'INVALID_FIELD',
        field: 'app_password',
        message: expect.stringMatching(/main password.*App passwords/),
      });
      expect((await service.call('GET', '/profiles', { key: apiKey })).json.profiles).toEqual([]);
    });

    it.each(['hunter2-my-password', 'ABCD-EFGH-IJKL-MNOP', 'abcd-efgh-ijkl', 'abcdefghijklmnop'])(
      'refuses %s without asking the PDS, saying how to create an app password',
      async (password) => {
        const logins = pds.createSessionCount();
        const { response } = await connect({ handle: alice.handle, app_password: password });
        expect(response.status).toBe(400);
        expect(response.json).toEqual({
          error: 'INVALID_FIELD',
          field: 'app_password',
          message: expect.stringContaining('Settings > Privacy and security > App passwords'),
        });
        expect(response.json.message).toContain('never send your main account password');
        expect(pds.createSessionCount()).toBe(logins);
      },
    );
  });

  it.each([
    ['no body fields', {}, 'MISSING_REQUIRED_FIELD', 'handle'],
    ['no app_password', { handle: 'alice.test' }, 'MISSING_REQUIRED_FIELD', 'app_password'],
    ['a blank handle', { handle: '  ', app_password: 'abcd-efgh-ijkl-mnop' }, 'MISSING_REQUIRED_FIELD', 'handle'],
    ['a null app_password', { handle: 'alice.test', app_password: null }, 'MISSING_REQUIRED_FIELD', 'app_password'],
    ['an unknown field', { handle: 'alice.test', app_password: 'abcd-efgh-ijkl-mnop', password: 'x' }, 'INVALID_FIELD', 'password'],
    ['a numeric handle', { handle: 5, app_password: 'abcd-efgh-ijkl-mnop' }, 'INVALID_FIELD', 'handle'],
    ['something that is not a handle', { handle: 'alice smith', app_password: 'abcd-efgh-ijkl-mnop' }, 'INVALID_FIELD', 'handle'],
    [
      'a non-http service',
      { handle: 'alice.test', app_password: 'abcd-efgh-ijkl-mnop', service: 'ftp://pds.example' },
      'INVALID_FIELD',
      'service',
    ],
    [
      'a non-URL service',
      { handle: 'alice.test', app_password: 'abcd-efgh-ijkl-mnop', service: 'bsky.social' },
      'INVALID_FIELD',
      'service',
    ],
    ['a numeric service', { handle: 'alice.test', app_password: 'abcd-efgh-ijkl-mnop', service: 443 }, 'INVALID_FIELD', 'service'],
  ])('validates the body: %s', async (_, body, code, field) => {
    const logins = pds.createSessionCount();
    const { response } = await connect(body);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: code, field, message: expect.any(String) });
    expect(pds.createSessionCount()).toBe(logins);
  });

  it('never writes an app password, access or refresh token to the logs or the table', async () => {
    const { db, tableName } = await import('#shared/store/client');
    const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
    const table = JSON.stringify((await db.send(new ScanCommand({ TableName: tableName }))).Items);
    const text = logs.text();
    expect(text).toContain('"bluesky profile connected"');
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(table).not.toContain(secret);
    }
  });
});
