import { fixedClock, useClock } from '#shared/ports/clock';
import { startFakeLinkedIn, type FakeLinkedIn } from '../fakes/fake-linkedin';
import { captureLogs, type LogCapture } from '../support/log-capture';
import { startTestService, type CallResult, type CallOptions, type TestService } from '../support/test-service';

const ADA = { sub: 'ada-4242', name: 'Ada Lovelace' };
const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID_GRANT = 'invalid_grant: The provided authorization grant or redirect uri is invalid, expired or revoked';
// Set explicitly (with the /v1 a deployed base URL carries): the redirect URI is built from it.
const PUBLIC_BASE_URL = 'https://api.example.test/v1';
const CALLBACK_URL = `${PUBLIC_BASE_URL}/profiles/linkedin/callback`;

describe('connecting LinkedIn with OAuth (local server + fake LinkedIn)', () => {
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let logs: LogCapture;
  const responses: string[] = [];

  beforeAll(async () => {
    linkedin = await startFakeLinkedIn();
    service = await startTestService({ ...linkedin.settings(), PUBLIC_BASE_URL, LOG_LEVEL: 'INFO' });
    logs = captureLogs();
  });
  afterAll(async () => {
    useClock();
    logs.restore();
    await service.stop();
    await linkedin.stop();
  });
  afterEach(() => useClock());

  /** Every response goes through here, so the last test can check none carried a token. */
  const call = async (method: string, path: string, options?: CallOptions): Promise<CallResult> => {
    const result = await service.call(method, path, options);
    responses.push(`${[...result.headers].join('\n')}\n${result.text}`);
    return result;
  };
  const authorize = (key: string, body?: unknown) => call('POST', '/profiles/linkedin/authorize', { key, body });
  const stateOf = (authorizationUrl: string) => new URL(authorizationUrl).searchParams.get('state') as string;
  /** The one browser of these tests: the nonce cookie our start endpoint gave it (docs/api.md, "LinkedIn OAuth"). */
  let browserCookie = '';
  const asBrowser = () => ({ headers: { cookie: browserCookie } });
  const callback = (query: Record<string, string>) => call('GET', `/profiles/linkedin/callback?${new URLSearchParams(query)}`, asBrowser());
  /** Where LinkedIn sends the browser, reached on the local server (which serves no /v1 prefix). */
  const returnFromLinkedIn = (callbackUrl: string) => {
    expect(callbackUrl.startsWith(`${CALLBACK_URL}?`)).toBe(true);
    return call('GET', `/profiles/linkedin/callback${new URL(callbackUrl).search}`, asBrowser());
  };
  /** The browser opens the authorization URL handed out (our start endpoint) and lands at LinkedIn's. */
  const open = async (authorizationUrl: string): Promise<string> => {
    expect(authorizationUrl.startsWith(`${PUBLIC_BASE_URL}/profiles/linkedin/start?state=`)).toBe(true);
    const opened = await call('GET', authorizationUrl.slice(PUBLIC_BASE_URL.length), asBrowser());
    expect(opened.status).toBe(302);
    browserCookie = opened.headers.getSetCookie()[0].split(';')[0];
    return opened.headers.get('location') as string;
  };

  async function startFlow(body?: unknown) {
    const account = await service.createAccount();
    const started = await authorize(account.apiKey, body);
    expect(started.status).toBe(200);
    return { ...account, url: await open(started.json.authorization_url as string) };
  }

  it('connects a profile: authorize, consent, callback; lists it; refuses a second one', async () => {
    const { apiKey, url } = await startFlow();
    const authorization = new URL(url);
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${linkedin.oauthBaseUrl}/authorization`);
    expect(Object.fromEntries(authorization.searchParams)).toEqual({
      response_type: 'code',
      client_id: linkedin.clientId,
      redirect_uri: CALLBACK_URL,
      scope: 'openid profile w_member_social',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(url).toContain('scope=openid%20profile%20w_member_social');

    const connected = await returnFromLinkedIn(linkedin.approve(url, ADA).callbackUrl);
    expect(connected.status).toBe(201);
    expect(connected.headers.get('cache-control')).toBe('no-store');
    const profile = connected.json.profile;
    expect(profile).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      platform: 'linkedin',
      handle: 'Ada Lovelace',
      display_name: 'Ada Lovelace',
      platform_user_id: 'urn:li:person:ada-4242',
      connected_at: expect.stringMatching(/Z$/),
      expires_at: expect.stringMatching(/Z$/),
      needs_reconnect: false,
      author: { type: 'member', id: 'ada-4242', name: 'Ada Lovelace' },
    });

    const listed = await call('GET', '/profiles', { key: apiKey });
    expect(listed.json.profiles).toEqual([profile]);
    expect(Math.abs(Date.parse(profile.expires_at) - (Date.now() + 60 * DAY_MS))).toBeLessThan(60_000);

    const again = await authorize(apiKey);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ error: 'PROFILE_ALREADY_EXISTS', message: expect.any(String) });
  });

  it('stores the token sealed, opening only for that account and profile', async () => {
    const { accountId, url } = await startFlow();
    const profile = (await returnFromLinkedIn(linkedin.approve(url, { sub: 'sealed-1', name: 'Grace Hopper' }).callbackUrl)).json.profile;
    const { getProfileItem } = await import('#shared/store/profiles');
    const { openLinkedInCredentials } = await import('#shared/platforms/linkedin/credentials');
    const item = await getProfileItem(accountId, 'linkedin');
    const [token] = linkedin.tokens('sealed-1');
    expect(item?.credentials).not.toContain(token.token);
    expect(await openLinkedInCredentials(item!.credentials, { account_id: accountId, profile_id: profile.id })).toEqual({
      access_token: token.token,
      expires_at: profile.expires_at,
    });
    await expect(
      openLinkedInCredentials(item!.credentials, { account_id: accountId, profile_id: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toThrow();
  });

  it("follows LinkedIn's own redirect from the consent page, with the handle falling back to the member id", async () => {
    const { url } = await startFlow();
    linkedin.setConsentUser({ sub: 'no-name-77' });
    const consent = await fetch(url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const connected = await returnFromLinkedIn(consent.headers.get('location') as string);
    expect(connected.status).toBe(201);
    expect(connected.json.profile).toMatchObject({
      handle: 'no-name-77',
      display_name: null,
      platform_user_id: 'urn:li:person:no-name-77',
    });
  });

  it("reports the member's refusal with LinkedIn's error and description, and burns the state", async () => {
    const { url } = await startFlow();
    const denied = await returnFromLinkedIn(linkedin.approve(url, ADA, 'deny').callbackUrl);
    expect(denied.status).toBe(400);
    expect(denied.json).toEqual({
      error: 'OAUTH_ERROR',
      message: expect.stringContaining('user_cancelled_authorize'),
      details: 'user_cancelled_authorize: The user cancelled the authorization',
    });
    const later = await callback({ code: linkedin.issueCode(ADA), state: stateOf(url) });
    expect(later.json).toMatchObject({ error: 'OAUTH_ERROR', details: 'state mismatch' });
  });

  it.each([
    ['an unknown state', { code: 'whatever', state: 'A'.repeat(43) }],
    ['no state at all', { code: 'whatever' }],
  ])('answers OAUTH_ERROR "state mismatch" for %s', async (_, query) => {
    const response = await callback(query);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'OAUTH_ERROR', message: expect.any(String), details: 'state mismatch' });
    // The URL carried a code: the error is kept out of caches and Referers too.
    expect([response.headers.get('cache-control'), response.headers.get('referrer-policy')]).toEqual(['no-store', 'no-referrer']);
  });

  it('uses a state once: a replayed callback fails, and of two racing callbacks exactly one connects', async () => {
    const first = await startFlow();
    const { callbackUrl } = linkedin.approve(first.url, { sub: 'once-1', name: 'Once' });
    expect((await returnFromLinkedIn(callbackUrl)).status).toBe(201);
    const replay = await returnFromLinkedIn(callbackUrl);
    expect(replay.status).toBe(400);
    expect(replay.json.details).toBe('state mismatch');

    const second = await startFlow();
    const state = stateOf(second.url);
    const racing = await Promise.all([1, 2].map(() => callback({ code: linkedin.issueCode({ sub: 'race-1', name: 'Race' }), state })));
    expect(racing.map((response) => response.status).sort()).toEqual([201, 400]);
    expect(racing.find((response) => response.status === 400)?.json.details).toBe('state mismatch');
  });

  it('accepts a state for 10 minutes and not a second longer (clock port)', async () => {
    const clock = fixedClock(new Date());
    useClock(clock);
    const fresh = await startFlow();
    const stale = await startFlow();
    clock.advance(10 * 60 * 1000 - 1000);
    expect((await returnFromLinkedIn(linkedin.approve(fresh.url, { sub: 'fresh-1', name: 'Fresh' }).callbackUrl)).status).toBe(201);
    clock.advance(1000);
    const expired = await returnFromLinkedIn(linkedin.approve(stale.url, { sub: 'stale-1', name: 'Stale' }).callbackUrl);
    expect(expired.status).toBe(400);
    expect(expired.json).toMatchObject({ error: 'OAUTH_ERROR', details: 'state mismatch' });
  });

  it.each([
    ['an unknown code', () => 'not-a-code'],
    ['an expired code', () => linkedin.issueCode(ADA, { ttlSeconds: 0 })],
    ['a code issued for another redirect URI', () => linkedin.issueCode(ADA, { redirectUri: 'https://elsewhere.example/cb' })],
  ])('answers OAUTH_ERROR invalid_grant for %s', async (_, code) => {
    const { apiKey, url } = await startFlow();
    const refused = await callback({ code: code(), state: stateOf(url) });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ error: 'OAUTH_ERROR', message: expect.any(String), details: INVALID_GRANT });
    expect((await call('GET', '/profiles', { key: apiKey })).json.profiles).toEqual([]);
  });

  it.each([
    ['answers 503', 503],
    ['drops the connection', 0],
  ])('answers 503 SERVICE_UNAVAILABLE when LinkedIn %s during the exchange', async (_, status) => {
    const { url } = await startFlow();
    linkedin.failNextTokenExchanges(1, status);
    const response = await returnFromLinkedIn(linkedin.approve(url, ADA).callbackUrl);
    expect(response.status).toBe(503);
    expect(response.json).toEqual({ error: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
  });

  describe('with a return_url', () => {
    const returnUrl = 'http://localhost:5173/linkedin/done?tab=profiles';
    const locationOf = (response: CallResult) => {
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location') as string);
      expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/linkedin/done');
      return Object.fromEntries(location.searchParams);
    };

    it('redirects with status=connected and the profile id', async () => {
      const { apiKey, url } = await startFlow({ return_url: returnUrl });
      const query = locationOf(await returnFromLinkedIn(linkedin.approve(url, { sub: 'ret-1', name: 'Ret' }).callbackUrl));
      const [profile] = (await call('GET', '/profiles', { key: apiKey })).json.profiles;
      expect(query).toEqual({ tab: 'profiles', status: 'connected', profile_id: profile.id });
    });

    it.each([
      [
        'a refusal',
        (url: string) => linkedin.approve(url, ADA, 'deny').callbackUrl,
        'OAUTH_ERROR',
        'user_cancelled_authorize: The user cancelled the authorization',
      ],
      ['a refused code', (url: string) => `${CALLBACK_URL}?code=bad&state=${stateOf(url)}`, 'OAUTH_ERROR', INVALID_GRANT],
    ])('redirects %s with status=error, the code and the details', async (_, callbackUrl, code, details) => {
      const { url } = await startFlow({ return_url: returnUrl });
      expect(locationOf(await returnFromLinkedIn(callbackUrl(url)))).toEqual({ tab: 'profiles', status: 'error', error: code, details });
    });

    it('redirects PROFILE_ALREADY_EXISTS when LinkedIn got connected in the meantime', async () => {
      const { apiKey } = await service.createAccount();
      const first = await open((await authorize(apiKey, { return_url: returnUrl })).json.authorization_url);
      const second = await open((await authorize(apiKey, { return_url: returnUrl })).json.authorization_url);
      expect(locationOf(await returnFromLinkedIn(linkedin.approve(first, { sub: 'dup-1', name: 'Dup' }).callbackUrl)).status).toBe(
        'connected',
      );
      const query = locationOf(await returnFromLinkedIn(linkedin.approve(second, { sub: 'dup-1', name: 'Dup' }).callbackUrl));
      expect(query).toMatchObject({ status: 'error', error: 'PROFILE_ALREADY_EXISTS' });
    });

    it('never redirects for a state it does not know', async () => {
      const response = await callback({ code: 'x', state: 'B'.repeat(43) });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    });
  });

  it.each([
    ['another host', { return_url: 'https://evil.example.com/x' }, 'return_url'],
    ['http off localhost', { return_url: 'http://example.com/x' }, 'return_url'],
    ['a javascript: URL', { return_url: 'javascript:alert(1)' }, 'return_url'],
    ['not a URL', { return_url: 'settings' }, 'return_url'],
    ['not a string', { return_url: 42 }, 'return_url'],
    ['an unknown field', { returnUrl: 'http://localhost/x' }, 'returnUrl'],
  ])('refuses a return_url that is %s with INVALID_FIELD', async (_, body, field) => {
    const { apiKey } = await service.createAccount();
    const response = await authorize(apiKey, body);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'INVALID_FIELD', message: expect.any(String), field });
  });

  it('asks for an API key to authorize, and its expiry is 10 minutes ahead', async () => {
    expect((await call('POST', '/profiles/linkedin/authorize')).status).toBe(401);
    const { apiKey } = await service.createAccount();
    const started = await authorize(apiKey, { return_url: 'https://127.0.0.1/done' });
    expect(Math.abs(Date.parse(started.json.expires_at) - (Date.now() + 10 * 60 * 1000))).toBeLessThan(5000);
  });

  it('logs the callback with its account and never a token, code, state or the client secret', async () => {
    const lines = logs
      .text()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const connected = lines.find((line) => line.route === 'GET /profiles/linkedin/callback' && line.status === 201);
    expect(connected).toMatchObject({ account_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const tokens = linkedin.tokens().map((issued) => issued.token);
    expect(tokens.length).toBeGreaterThan(5);
    const everything = `${logs.text()}\n${responses.join('\n')}`;
    for (const secret of [...tokens, linkedin.clientSecret]) expect(everything).not.toContain(secret);
    expect(logs.text()).not.toMatch(/code=AQT|state=[A-Za-z0-9_-]{43}/);
  });
});
