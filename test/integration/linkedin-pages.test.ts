import { PINNED_LINKEDIN_API_VERSION } from '#shared/domain/linkedin-api-version';
import { routes } from '#shared/http/routes';
import { startFakeLinkedIn, type FakeLinkedIn, type FakeLinkedInUser } from '../fakes/fake-linkedin';
import { openAuthorizationUrl } from '../support/linkedin-browser';
import { smallJpeg } from '../support/images';
import { startPageServer, type PageServer } from '../support/page-server';
import { startTestService, type CallOptions, type TestService } from '../support/test-service';
import { accountWithLogin, signIn, uniqueEmail } from './dashboard-client';
import { eventually } from '../support/eventually';

/**
 * Posting as a LinkedIn page (docs/api.md, "LinkedIn pages"): connecting with author
 * `organization`, listing the pages the member administers, picking one (only those), and
 * publishing posts and images with the page's URN; the member flow unchanged. One service and
 * one fake LinkedIn for the file; every test has its own account.
 */
const ADA: FakeLinkedInUser = { sub: 'ada-4242', name: 'Ada Lovelace' };
const ACME = { id: '2414183', name: 'Acme Corporation' };
const SECOND = { id: '555', name: 'Second Page' };
const FOREIGN = { id: '1337', name: 'Somebody Else Ltd' };
const MEMBER_SCOPES = 'openid profile w_member_social';
const PAGE_SCOPES = `${MEMBER_SCOPES} w_organization_social r_organization_admin`;

describe('LinkedIn pages', () => {
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let clock: { now(): Date; advance(ms: number): void };
  let pages: PageServer;

  beforeAll(async () => {
    pages = await startPageServer();
    linkedin = await startFakeLinkedIn();
    linkedin.organizations.add({ ...ACME, administrators: [ADA.sub] });
    linkedin.organizations.add({ ...SECOND, administrators: [ADA.sub, 'grace-1'] });
    linkedin.organizations.add({ ...FOREIGN, administrators: ['grace-1'] });
    service = await startTestService({ ...linkedin.settings(), PUBLISH_RETRY_BASE_MS: '1' });
    const ports = await import('#shared/ports/clock');
    clock = ports.offsetClock();
    ports.useClock(clock);
  });
  afterAll(async () => {
    (await import('#shared/ports/clock')).useClock();
    await service?.stop();
    await linkedin?.stop();
    await pages?.stop();
  });

  type Call = (method: string, path: string, options?: CallOptions) => ReturnType<TestService['call']>;
  const withKey =
    (apiKey: string): Call =>
    (method, path, options = {}) =>
      service.call(method, path, { key: apiKey, ...options });

  /** Authorize (optionally for a page), open the URL in a browser, consent as `user`, return through the callback. */
  async function connect(call: Call, body: Record<string, unknown>, user: FakeLinkedInUser = ADA, prefix = '') {
    const started = await call('POST', `${prefix}/profiles/linkedin/authorize`, { body });
    expect(started.status).toBe(200);
    const browser = await openAuthorizationUrl(service.baseUrl, started.json.authorization_url as string);
    const scope = new URL(browser.linkedInUrl).searchParams.get('scope');
    const { callbackUrl } = linkedin.approve(browser.linkedInUrl, user);
    const callback = await service.call('GET', `/profiles/linkedin/callback${new URL(callbackUrl).search}`, {
      headers: { cookie: browser.cookie },
    });
    expect(callback.status).toBe(201);
    return { profile: callback.json.profile, scope };
  }

  async function pageAccount(input: { monthlyLimit?: number } = {}) {
    const { apiKey, accountId } = await service.createAccount({ plan: 'pro', ...input });
    const call = withKey(apiKey);
    const { profile, scope } = await connect(call, { author: 'organization' });
    return { call, profile, scope, accountId };
  }

  /** Creates a post and waits until the local publisher has finished with it. */
  async function publish(call: Call, body: Record<string, unknown>) {
    clock.advance(61_000); // clear of the previous test's LinkedIn post (60 s spacing)
    const created = await call('POST', '/posts', { body: { platforms: ['linkedin'], ...body } });
    expect(created.status).toBe(201);
    const id = created.json.post.id as string;
    return eventually(
      async () => {
        const post = (await call('GET', `/posts/${id}`)).json.post;
        if (['publishing', 'scheduled'].includes(post.status)) throw new Error(`post ${id} still ${post.status}`);
        return post;
      },
      { timeoutMs: 20_000, intervalMs: 25 },
    );
  }

  const acmeAuthor = { type: 'organization', id: ACME.id, name: ACME.name };

  it('authorizes a page connection with the page scopes; the callback creates the profile with no author yet', async () => {
    const { call, profile, scope } = await pageAccount();
    expect(scope).toBe(PAGE_SCOPES);
    expect(profile).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      platform: 'linkedin',
      handle: 'Ada Lovelace',
      display_name: 'Ada Lovelace',
      platform_user_id: 'urn:li:person:ada-4242',
      connected_at: expect.stringMatching(/Z$/),
      expires_at: expect.stringMatching(/Z$/),
      needs_reconnect: false,
      author: null,
    });
    expect((await call('GET', `/profiles/${profile.id}`)).json.profile).toEqual(profile);
    const [token] = linkedin.tokens(ADA.sub).slice(-1);
    expect(token.scopes).toEqual(PAGE_SCOPES.split(' '));
  });

  it('refuses a post to LinkedIn before a page is picked (PLATFORMS_NOT_CONNECTED naming linkedin), nothing written', async () => {
    const { call, profile, accountId } = await pageAccount();
    const before = linkedin.receivedPosts().length;
    const refused = await call('POST', '/posts', { body: { content: 'Too early', platforms: ['linkedin'] } });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      error: 'PLATFORMS_NOT_CONNECTED',
      message: 'No connected profile for: linkedin',
      missing_platforms: ['linkedin'],
    });
    expect((await call('GET', '/posts')).json.posts).toEqual([]);
    expect((await call('GET', '/usage')).json.usage.used).toBe(0);
    expect((await call('GET', `/profiles/${profile.id}`)).json.profile.author).toBeNull();

    // Adding LinkedIn to a scheduled post is checked the same way.
    await service.connectProfile(accountId, 'bluesky');
    const scheduledFor = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const post = await call('POST', '/posts', { body: { content: 'Bluesky only', platforms: ['bluesky'], scheduled_for: scheduledFor } });
    expect(post.status).toBe(201);
    const widened = await call('PATCH', `/posts/${post.json.post.id}`, { body: { platforms: ['bluesky', 'linkedin'] } });
    expect(widened.status).toBe(400);
    expect(widened.json).toMatchObject({ error: 'PLATFORMS_NOT_CONNECTED', missing_platforms: ['linkedin'] });
    expect((await call('GET', `/posts/${post.json.post.id}`)).json.post.platforms).toEqual(['bluesky']);
    expect(linkedin.receivedPosts()).toHaveLength(before);
  });

  it('a post that reaches the publisher before a page is picked fails there with PROFILE_DISCONNECTED, nothing sent', async () => {
    const { sealLinkedInCredentials } = await import('#shared/platforms/linkedin/credentials');
    const { linkedinPublisher } = await import('#shared/platforms/linkedin/publisher');
    const token = linkedin.issueToken(ADA, undefined, PAGE_SCOPES.split(' '));
    const expiresAt = new Date(token.expiresAt).toISOString();
    const ids = { account_id: '11111111-1111-4111-8111-111111111111', profile_id: '22222222-2222-4222-8222-222222222222' };
    const before = linkedin.receivedPosts().length;
    const outcome = await linkedinPublisher.publish({
      postId: '33333333-3333-4333-8333-333333333333',
      accountId: ids.account_id,
      content: 'Nobody picked a page',
      postTime: clock.now(),
      attempt: 1,
      images: [],
      profile: {
        id: ids.profile_id,
        account_id: ids.account_id,
        platform: 'linkedin',
        handle: ADA.name!,
        display_name: ADA.name!,
        platform_user_id: `urn:li:person:${ADA.sub}`,
        connected_at: clock.now().toISOString(),
        expires_at: expiresAt,
        needs_reconnect: false,
        author: null,
        credentials: await sealLinkedInCredentials({ access_token: token.token, expires_at: expiresAt }, ids),
      },
    });
    expect(outcome).toEqual({
      ok: false,
      code: 'PROFILE_DISCONNECTED',
      message: 'The LinkedIn profile was connected for a page but none is picked yet: pick one with PUT /profiles/{id}/author',
      retryable: false,
    });
    expect(linkedin.receivedPosts()).toHaveLength(before);
  });

  it('lists the member and the pages it administers (approved administrators only, asked of LinkedIn)', async () => {
    const { call, profile } = await pageAccount();
    const listed = await call('GET', `/profiles/${profile.id}/authors`);
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({
      authors: [
        { type: 'member', id: ADA.sub, name: ADA.name },
        { type: 'organization', id: ACME.id, name: ACME.name },
        { type: 'organization', id: SECOND.id, name: SECOND.name },
      ],
    });
    const query = linkedin.organizations.aclQueries().slice(-1)[0];
    expect(Object.fromEntries(query)).toMatchObject({ q: 'roleAssignee', role: 'ADMINISTRATOR', state: 'APPROVED' });

    const unknown = await call('GET', '/profiles/00000000-0000-4000-8000-000000000000/authors');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: 'PROFILE_NOT_FOUND', message: 'Profile not found' });
    const badId = await call('GET', '/profiles/nope/authors');
    expect(badId.status).toBe(400);
    expect(badId.json.error).toBe('INVALID_ID');
  });

  it('asks LinkedIn once for a loop of GETs: the pages are kept 5 minutes per profile, then asked again', async () => {
    const { call, profile } = await pageAccount();
    const before = linkedin.organizations.aclQueries().length;
    const answers = [];
    for (let index = 0; index < 10; index += 1) answers.push(await call('GET', `/profiles/${profile.id}/authors`));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.json))).size).toBe(1);
    expect(answers[0].json.authors.map((author: { id: string }) => author.id)).toEqual([ADA.sub, ACME.id, SECOND.id]);
    expect(linkedin.organizations.aclQueries().length - before).toBe(1);

    // A page granted meanwhile shows once the 5 minutes are over.
    linkedin.organizations.add({ id: '777', name: 'Newly Granted', administrators: [ADA.sub] });
    try {
      clock.advance(4 * 60_000);
      expect((await call('GET', `/profiles/${profile.id}/authors`)).json.authors).toHaveLength(3);
      clock.advance(60_000 + 1000);
      expect((await call('GET', `/profiles/${profile.id}/authors`)).json.authors.map((author: { id: string }) => author.id)).toContain(
        '777',
      );
      expect(linkedin.organizations.aclQueries().length - before).toBe(2);
    } finally {
      linkedin.organizations.setAdministrators('777', []);
    }
  });

  it('a token LinkedIn refuses (revoked, expired) is OAUTH_ERROR when listing or picking: reconnect', async () => {
    const { apiKey } = await service.createAccount({ plan: 'pro' });
    const call = withKey(apiKey);
    const { profile } = await connect(call, { author: 'organization' }, { sub: 'revoked-1', name: 'Rev Oked' });
    expect((await call('GET', `/profiles/${profile.id}/authors`)).json.authors).toEqual([
      { type: 'member', id: 'revoked-1', name: 'Rev Oked' },
    ]);
    linkedin.revokeTokens('revoked-1');
    // The list is kept 5 minutes (LINKEDIN_AUTHORS_CACHE_SECONDS): past that, LinkedIn is asked again.
    clock.advance(5 * 60_000 + 1000);
    const listed = await call('GET', `/profiles/${profile.id}/authors`);
    expect(listed.status).toBe(400);
    expect(listed.json).toEqual({
      error: 'OAUTH_ERROR',
      message: 'OAuth authorization failed: LinkedIn refused the stored access token; reconnect the profile',
      details: 'LinkedIn refused the stored access token; reconnect the profile',
    });
    const picked = await call('PUT', `/profiles/${profile.id}/author`, { body: { organization_id: ACME.id } });
    expect(picked.status).toBe(400);
    expect(picked.json.error).toBe('OAUTH_ERROR');
  });

  it('picks only a page the member administers: another id is INVALID_FIELD organization_id and changes nothing', async () => {
    const { call, profile } = await pageAccount();
    const pick = (body: unknown) => call('PUT', `/profiles/${profile.id}/author`, { body });

    for (const id of [FOREIGN.id, '999999']) {
      const refused = await pick({ organization_id: id });
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({
        error: 'INVALID_FIELD',
        field: 'organization_id',
        message: `organization_id ${id} is not a LinkedIn page the connected member administers`,
      });
    }
    const missing = await pick({});
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ error: 'MISSING_REQUIRED_FIELD', field: 'organization_id' });
    const malformed = await pick({ organization_id: 'urn:li:organization:1' });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ error: 'INVALID_FIELD', field: 'organization_id' });
    const unknownField = await pick({ organization_id: ACME.id, page: 'x' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json).toMatchObject({ error: 'INVALID_FIELD', field: 'page' });
    expect((await call('GET', `/profiles/${profile.id}`)).json.profile.author).toBeNull();

    const picked = await pick({ organization_id: ACME.id });
    expect(picked.status).toBe(200);
    expect(picked.json).toEqual({ profile: { ...profile, author: acmeAuthor } });
    expect((await call('GET', '/profiles')).json.profiles).toEqual([{ ...profile, author: acmeAuthor }]);

    // A member who loses the admin role cannot pick the page any more (LinkedIn is asked each time).
    linkedin.organizations.setAdministrators(SECOND.id, ['grace-1']);
    try {
      const lost = await pick({ organization_id: SECOND.id });
      expect(lost.status).toBe(400);
      expect(lost.json).toMatchObject({ error: 'INVALID_FIELD', field: 'organization_id' });
      expect((await call('GET', `/profiles/${profile.id}`)).json.profile.author).toEqual(acmeAuthor);
    } finally {
      linkedin.organizations.setAdministrators(SECOND.id, [ADA.sub, 'grace-1']);
    }
  });

  it('publishes as the page: the post with the organization URN as author, an image and a link-card thumbnail owned by it', async () => {
    const { call, profile } = await pageAccount();
    expect((await call('PUT', `/profiles/${profile.id}/author`, { body: { organization_id: ACME.id } })).status).toBe(200);

    const text = await publish(call, { content: 'Hello from the Acme page' });
    expect(text.status).toBe('published');
    const sent = linkedin.createdPosts().find((post) => post.urn === text.results.linkedin.platform_post_id);
    expect(sent?.body.author).toBe('urn:li:organization:2414183');
    expect(sent?.text).toBe('Hello from the Acme page');

    const bytes = await smallJpeg();
    const media = await call('POST', '/media', {
      body: { content_type: 'image/jpeg', size_bytes: bytes.length, alt_text: 'The Acme logo' },
    });
    expect(media.status).toBe(201);
    expect((await fetch(media.json.upload.url, { method: 'PUT', headers: media.json.upload.headers, body: bytes })).status).toBe(200);
    expect((await call('POST', `/media/${media.json.media.id}/complete`)).status).toBe(200);
    const withImage = await publish(call, { content: 'Acme, now with a picture', media: [media.json.media.id] });
    expect(withImage.status).toBe('published');
    const imagePost = linkedin.createdPosts().find((post) => post.urn === withImage.results.linkedin.platform_post_id);
    expect(imagePost?.body.author).toBe('urn:li:organization:2414183');
    const image = linkedin.images().get(imagePost?.body.content.media.id as string);
    expect(image).toMatchObject({ owner: 'urn:li:organization:2414183', contentType: 'image/jpeg' });
    expect(imagePost?.body.content.media.altText).toBe('The Acme logo');

    // A link card's thumbnail goes through the Images API with the page as owner too.
    pages.html('/news', '<head><meta property="og:title" content="Acme news"><meta property="og:image" content="/news.jpg"></head>');
    pages.bytes('/news.jpg', bytes, 'image/jpeg');
    const withCard = await publish(call, { content: `Read the news: ${pages.url('/news')}` });
    expect(withCard.status).toBe('published');
    const cardPost = linkedin.createdPosts().find((one) => one.urn === withCard.results.linkedin.platform_post_id);
    expect(cardPost?.body.author).toBe('urn:li:organization:2414183');
    expect(cardPost?.body.content.article).toMatchObject({ source: pages.url('/news'), title: 'Acme news' });
    expect(linkedin.images().get(cardPost?.body.content.article.thumbnail as string)?.owner).toBe('urn:li:organization:2414183');
  });

  it('keeps the 60 s LinkedIn spacing and the monthly limit for a page profile', async () => {
    const { call, profile } = await pageAccount({ monthlyLimit: 2 });
    expect((await call('PUT', `/profiles/${profile.id}/author`, { body: { organization_id: SECOND.id } })).status).toBe(200);
    // One base second for every time of the test: read again, the clock may have passed a second.
    const base = Math.ceil(clock.now().getTime() / 1000) * 1000;
    const at = (seconds: number) => new Date(base + seconds * 1000).toISOString();
    const first = at(600);
    const schedule = (when: string) =>
      call('POST', '/posts', { body: { content: `Page post at ${when}`, platforms: ['linkedin'], scheduled_for: when } });
    expect((await schedule(first)).status).toBe(201);
    const tooClose = await schedule(at(630));
    expect(tooClose.status).toBe(429);
    expect(tooClose.json).toEqual({
      error: 'RATE_LIMIT_EXCEEDED',
      message: expect.stringContaining('60 seconds'),
      platform: 'linkedin',
      next_available: at(660),
    });
    expect((await schedule(at(900))).status).toBe(201);
    const overLimit = await schedule(at(1200));
    expect(overLimit.status).toBe(429);
    expect(overLimit.json).toMatchObject({ error: 'MONTHLY_LIMIT_EXCEEDED', limit: 2, used: 2 });
  });

  it('leaves the member flow unchanged: member scopes, the member as author, its URN on the post; no page to pick', async () => {
    const grace: FakeLinkedInUser = { sub: 'grace-1', name: 'Grace Hopper' };
    const { apiKey } = await service.createAccount({ plan: 'pro' });
    const call = withKey(apiKey);
    const { profile, scope } = await connect(call, {}, grace);
    expect(scope).toBe(MEMBER_SCOPES);
    expect(profile.author).toEqual({ type: 'member', id: 'grace-1', name: 'Grace Hopper' });
    expect((await call('GET', `/profiles/${profile.id}/authors`)).json).toEqual({ authors: [profile.author] });
    const refused = await call('PUT', `/profiles/${profile.id}/author`, { body: { organization_id: FOREIGN.id } });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      error: 'INVALID_FIELD',
      field: 'organization_id',
      message: expect.stringContaining('"organization"'),
    });

    const post = await publish(call, { content: 'Hello as myself' });
    expect(post.status).toBe('published');
    expect(linkedin.createdPosts().find((one) => one.urn === post.results.linkedin.platform_post_id)?.body.author).toBe(
      'urn:li:person:grace-1',
    );
    const explicit = await connectAgainExplicitMember();
    expect(explicit).toBe(MEMBER_SCOPES);
  });

  /** `author: "member"` said out loud is the default; an unknown author is INVALID_FIELD. */
  async function connectAgainExplicitMember(): Promise<string | null> {
    const { apiKey } = await service.createAccount();
    const call = withKey(apiKey);
    const wrong = await call('POST', '/profiles/linkedin/authorize', { body: { author: 'company' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ error: 'INVALID_FIELD', field: 'author' });
    const { profile, scope } = await connect(call, { author: 'member' }, { sub: 'lin-2', name: 'Lin' });
    expect(profile.author).toEqual({ type: 'member', id: 'lin-2', name: 'Lin' });
    return scope;
  }

  it('a page publishes only while its member administers it: LinkedIn 403 is PLATFORM_REJECTED', async () => {
    const { call, profile } = await pageAccount();
    const page = { id: '4040', name: 'Fleeting Page' };
    linkedin.organizations.add({ ...page, administrators: [ADA.sub] });
    expect((await call('PUT', `/profiles/${profile.id}/author`, { body: { organization_id: page.id } })).status).toBe(200);
    linkedin.organizations.setAdministrators(page.id, []);
    const post = await publish(call, { content: 'Nobody may post this' });
    expect(post.status).toBe('failed');
    expect(post.results.linkedin.error).toEqual({
      code: 'PLATFORM_REJECTED',
      message: 'Not enough permissions to post as urn:li:organization:4040',
    });
  });

  it('the dashboard connects a page and picks it through its own API (session + CSRF)', async () => {
    const email = uniqueEmail('pages');
    await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    const dashboard: Call = (method, path, options) => session!.call(method, path.replace(/^\/dashboard\/api/, ''), options);
    const { profile } = await connect(dashboard, { author: 'organization' }, ADA, '/dashboard/api');
    expect(profile.author).toBeNull();
    const authors = await session!.call('GET', `/profiles/${profile.id}/authors`);
    expect(authors.status).toBe(200);
    expect(authors.json.authors.map((author: { id: string }) => author.id)).toEqual([ADA.sub, ACME.id, SECOND.id]);
    const noCsrf = await session!.call('PUT', `/profiles/${profile.id}/author`, { body: { organization_id: ACME.id }, csrf: false });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.json.error).toBe('FORBIDDEN');
    const foreign = await session!.call('PUT', `/profiles/${profile.id}/author`, { body: { organization_id: FOREIGN.id } });
    expect(foreign.status).toBe(400);
    expect(foreign.json).toMatchObject({ error: 'INVALID_FIELD', field: 'organization_id' });
    const picked = await session!.call('PUT', `/profiles/${profile.id}/author`, { body: { organization_id: ACME.id } });
    expect(picked.status).toBe(200);
    expect(picked.json.profile.author).toEqual(acmeAuthor);
  });

  it('the routes carry their scopes: listing is read, picking is admin like every profile change', () => {
    const scopeOf = (operation: string) => routes.find((route) => route.operation === operation)?.scope;
    expect(scopeOf('list-profile-authors')).toBe('read');
    expect(scopeOf('set-profile-author')).toBe('admin');
    expect(scopeOf('authorize-linkedin')).toBe('admin');
  });
});

describe('the fake LinkedIn checks who a post or an image upload acts as', () => {
  let linkedin: FakeLinkedIn;
  beforeAll(async () => {
    linkedin = await startFakeLinkedIn();
    linkedin.organizations.add({ id: '77', name: 'Checked Page', administrators: ['admin-1'] });
  });
  afterAll(async () => linkedin?.stop());

  const rest = (token: string, path: string, body: unknown) =>
    fetch(`${linkedin.apiBaseUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'linkedin-version': PINNED_LINKEDIN_API_VERSION,
        'x-restli-protocol-version': '2.0.0',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  const post = (token: string, author: string) =>
    rest(token, '/rest/posts', {
      author,
      commentary: `as ${author} ${Math.random()}`,
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
  const upload = (token: string, owner: string) =>
    rest(token, '/rest/images?action=initializeUpload', { initializeUploadRequest: { owner } });
  const PAGE = 'urn:li:organization:77';
  const pageScopes = ['openid', 'profile', 'w_member_social', 'w_organization_social', 'r_organization_admin'];

  it('lets an administrator with w_organization_social act as the page, and nobody else', async () => {
    const admin = linkedin.issueToken({ sub: 'admin-1' }, undefined, pageScopes).token;
    const adminWithoutScope = linkedin.issueToken({ sub: 'admin-1' }).token;
    const outsider = linkedin.issueToken({ sub: 'outsider' }, undefined, pageScopes).token;

    expect((await post(admin, PAGE)).status).toBe(201);
    expect((await upload(admin, PAGE)).status).toBe(200);
    for (const token of [adminWithoutScope, outsider]) {
      const refused = await post(token, PAGE);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ status: 403, message: `Not enough permissions to post as ${PAGE}` });
      expect((await upload(token, PAGE)).status).toBe(403);
    }
    expect((await post(outsider, 'urn:li:person:outsider')).status).toBe(201);
    expect((await post(outsider, 'urn:li:person:admin-1')).status).toBe(403);
  });

  it('answers the ACL finder only to a token with a page-reading scope', async () => {
    const get = (token: string) =>
      fetch(`${linkedin.apiBaseUrl}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED`, {
        headers: {
          authorization: `Bearer ${token}`,
          'linkedin-version': PINNED_LINKEDIN_API_VERSION,
          'x-restli-protocol-version': '2.0.0',
        },
      });
    const denied = await get(linkedin.issueToken({ sub: 'admin-1' }).token);
    expect(denied.status).toBe(403);
    const allowed = await get(linkedin.issueToken({ sub: 'admin-1' }, undefined, pageScopes).token);
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as { elements: unknown[] }).elements).toEqual([
      { roleAssignee: 'urn:li:person:admin-1', state: 'APPROVED', role: 'ADMINISTRATOR', organization: PAGE },
    ]);
  });
});
