import { startFakeLinkedIn, type FakeLinkedIn } from '../fakes/fake-linkedin';
import { startTestService, type CallResult, type TestService } from '../support/test-service';

/**
 * The OAuth state is bound to the browser that started the authorization, not only to the
 * account (issue 27): the authorization URL handed out is our start endpoint, which gives that
 * browser a short-lived __Host- cookie with a random nonce (its hash stored with the state) and
 * sends it on to LinkedIn; the callback refuses a state whose nonce cookie is missing or foreign.
 */
const PUBLIC_BASE_URL = 'https://api.example.test/v1';
const START_URL = `${PUBLIC_BASE_URL}/profiles/linkedin/start`;
const ADA = { sub: 'ada-bound', name: 'Ada Lovelace' };
const NONCE_COOKIE = /^__Host-sps_oauth=([A-Za-z0-9_-]{43}); Path=\/; Max-Age=600; HttpOnly; Secure; SameSite=Lax$/;

describe('LinkedIn OAuth state bound to the starting browser', () => {
  let linkedin: FakeLinkedIn;
  let service: TestService;

  beforeAll(async () => {
    linkedin = await startFakeLinkedIn();
    service = await startTestService({ ...linkedin.settings(), PUBLIC_BASE_URL });
  });
  afterAll(async () => {
    await service?.stop();
    await linkedin?.stop();
  });

  /** The local server serves no /v1 prefix: the path and query of a public URL. */
  const local = (url: string) => url.slice(PUBLIC_BASE_URL.length);
  const authorize = async () => {
    const { apiKey, accountId } = await service.createAccount();
    const started = await service.call('POST', '/profiles/linkedin/authorize', { key: apiKey });
    expect(started.status).toBe(200);
    return { apiKey, accountId, url: started.json.authorization_url as string };
  };
  /** A browser opening the authorization URL: the nonce cookie it gets and where it is sent. */
  const open = async (url: string, cookie?: string) => {
    const answer = await service.call('GET', local(url), { headers: cookie ? { cookie } : {} });
    const [setCookie] = answer.headers.getSetCookie();
    return { answer, setCookie, cookie: setCookie?.split(';')[0], linkedInUrl: answer.headers.get('location') ?? '' };
  };
  const returnFromLinkedIn = (callbackUrl: string, cookie?: string): Promise<CallResult> =>
    service.call('GET', local(callbackUrl), { headers: cookie ? { cookie } : {} });
  const expectStateMismatch = (answer: CallResult) => {
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 'OAUTH_ERROR', message: expect.any(String), details: 'state mismatch' });
  };

  it('hands out our start URL; opening it sets the nonce cookie and redirects to LinkedIn with the same state', async () => {
    const { url } = await authorize();
    const start = new URL(url);
    expect(`${start.origin}${start.pathname}`).toBe(START_URL);
    const state = start.searchParams.get('state');
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const { answer, setCookie, linkedInUrl } = await open(url);
    expect(answer.status).toBe(302);
    expect(setCookie).toMatch(NONCE_COOKIE);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    const authorization = new URL(linkedInUrl);
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${linkedin.oauthBaseUrl}/authorization`);
    expect(authorization.searchParams.get('state')).toBe(state);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${PUBLIC_BASE_URL}/profiles/linkedin/callback`);
  });

  it('refuses the callback with the right state but no nonce cookie, or another browser’s; the starting browser still connects', async () => {
    const { apiKey, url } = await authorize();
    const mine = await open(url);
    const { callbackUrl } = linkedin.approve(mine.linkedInUrl, ADA);

    expectStateMismatch(await returnFromLinkedIn(callbackUrl));
    // Another browser with a nonce of its own (from an authorization it started).
    const other = await open((await authorize()).url);
    expect(other.cookie).not.toBe(mine.cookie);
    expectStateMismatch(await returnFromLinkedIn(callbackUrl, other.cookie));
    expectStateMismatch(await returnFromLinkedIn(callbackUrl, '__Host-sps_oauth=' + 'A'.repeat(43)));
    expect((await service.call('GET', '/profiles', { key: apiKey })).json.profiles).toEqual([]);

    // The refusals did not burn the state: the starting browser completes.
    const connected = await returnFromLinkedIn(callbackUrl, mine.cookie);
    expect(connected.status).toBe(201);
    expect(connected.json.profile).toMatchObject({ platform: 'linkedin', platform_user_id: 'urn:li:person:ada-bound' });
    expectStateMismatch(await returnFromLinkedIn(callbackUrl, mine.cookie));
  });

  it('lets one browser start the authorization once: a second opener gets state mismatch and no cookie', async () => {
    const { url } = await authorize();
    expect((await open(url)).answer.status).toBe(302);
    const second = await open(url);
    expectStateMismatch(second.answer);
    expect(second.setCookie).toBeUndefined();
    expect(second.answer.headers.get('location')).toBeNull();
  });

  it('refuses a state that never went through the start endpoint, even with a nonce cookie', async () => {
    const { url } = await authorize();
    const state = new URL(url).searchParams.get('state')!;
    const someBrowser = await open((await authorize()).url);
    const callbackUrl = `${PUBLIC_BASE_URL}/profiles/linkedin/callback?${new URLSearchParams({ code: linkedin.issueCode(ADA), state })}`;
    expectStateMismatch(await returnFromLinkedIn(callbackUrl, someBrowser.cookie));
    expectStateMismatch(await returnFromLinkedIn(callbackUrl));
  });

  it('reuses the browser’s nonce for a second authorization it starts, so both complete', async () => {
    const first = await authorize();
    const second = await authorize();
    const opened = await open(first.url);
    const again = await open(second.url, opened.cookie);
    expect(again.answer.status).toBe(302);
    expect(again.cookie).toBe(opened.cookie);
    const one = linkedin.approve(opened.linkedInUrl, { sub: 'two-tabs-1', name: 'One' }).callbackUrl;
    const two = linkedin.approve(again.linkedInUrl, { sub: 'two-tabs-2', name: 'Two' }).callbackUrl;
    expect((await returnFromLinkedIn(two, opened.cookie)).status).toBe(201);
    expect((await returnFromLinkedIn(one, opened.cookie)).status).toBe(201);
  });
});
