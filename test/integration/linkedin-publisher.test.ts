import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { PlatformPublisher, PublishRequest } from '#shared/platforms/publisher';
import { PINNED_LINKEDIN_API_VERSION } from '#shared/domain/linkedin-api-version';
import type { PlatformProfile } from '#shared/domain/profile';
import type { ProfileItem } from '#shared/store/profiles';
import { startFakeLinkedIn, type FakeLinkedIn, type FakeLinkedInUser } from '../fakes/fake-linkedin';
import { captureLogs, type LogCapture } from '../support/log-capture';
import { useTestTable, type TestTable } from '../support/test-service';

const TIMEOUT_MS = 400;
/** A late answer in the timeout tests: far beyond the timeout, so ending before it proves the timeout ended the call. */
const LATE_ANSWER_MS = 8_000;

describe('LinkedIn publisher adapter (against the fake LinkedIn)', () => {
  let linkedin: FakeLinkedIn;
  let table: TestTable;
  let logs: LogCapture;
  let publisher: PlatformPublisher;
  let createLinkedInPublisher: typeof import('#shared/platforms/linkedin/publisher').createLinkedInPublisher;
  let escapeLittleText: typeof import('#shared/platforms/linkedin/little-text').escapeLittleText;
  let sealLinkedInCredentials: typeof import('#shared/platforms/linkedin/credentials').sealLinkedInCredentials;
  let toPlatformProfile: typeof import('#shared/store/profiles').toPlatformProfile;
  const outcomes: string[] = [];

  beforeAll(async () => {
    linkedin = await startFakeLinkedIn();
    table = await useTestTable({
      ...linkedin.settings(),
      LINKEDIN_TIMEOUT_MS: String(TIMEOUT_MS),
      LINKEDIN_API_VERSION: PINNED_LINKEDIN_API_VERSION,
      LOG_LEVEL: 'DEBUG',
    });
    ({ linkedinPublisher: publisher, createLinkedInPublisher } = await import('#shared/platforms/linkedin/publisher'));
    ({ escapeLittleText } = await import('#shared/platforms/linkedin/little-text'));
    ({ sealLinkedInCredentials } = await import('#shared/platforms/linkedin/credentials'));
    ({ toPlatformProfile } = await import('#shared/store/profiles'));
    logs = captureLogs();
  });
  afterAll(async () => {
    logs.restore();
    await linkedin.stop();
    await table.drop();
  });

  /** A connected profile as the OAuth flow stores it, with a token the fake issued. */
  async function connect(user: FakeLinkedInUser, options: { storedExpiresAt?: Date; sealedFor?: string } = {}) {
    const token = linkedin.issueToken(user);
    const accountId = randomUUID();
    const profileId = randomUUID();
    const expiresAt = (options.storedExpiresAt ?? new Date(token.expiresAt)).toISOString();
    const item: ProfileItem = {
      id: profileId,
      account_id: accountId,
      platform: 'linkedin',
      handle: user.name ?? user.sub,
      display_name: user.name ?? null,
      platform_user_id: `urn:li:person:${user.sub}`,
      connected_at: new Date().toISOString(),
      expires_at: expiresAt,
      needs_reconnect: false,
      credentials: await sealLinkedInCredentials(
        { access_token: token.token, expires_at: expiresAt },
        { account_id: accountId, profile_id: options.sealedFor ?? profileId },
      ),
    };
    // As the publisher hands it to the adapter: mapped from the stored item.
    return { profile: toPlatformProfile(item), token: token.token };
  }

  async function publish(profile: PlatformProfile, content: string, adapter = publisher) {
    const request: PublishRequest = {
      postId: randomUUID(),
      accountId: profile.account_id,
      content,
      postTime: new Date(),
      profile,
      attempt: 1,
    };
    const outcome = await adapter.publish(request);
    outcomes.push(JSON.stringify(outcome));
    return outcome;
  }

  it('posts with the right headers and body, and reads the post id from x-restli-id', async () => {
    const { profile, token } = await connect({ sub: 'pub-1', name: 'Pub One' });
    const content = 'Hello LinkedIn! #launch';
    const outcome = await publish(profile, content);
    const [received] = linkedin.receivedPosts().slice(-1);
    expect(received.headers).toMatchObject({
      authorization: `Bearer ${token}`,
      'linkedin-version': PINNED_LINKEDIN_API_VERSION,
      'x-restli-protocol-version': '2.0.0',
      'content-type': 'application/json',
    });
    expect(received.body).toEqual({
      author: 'urn:li:person:pub-1',
      commentary: 'Hello LinkedIn! {hashtag|\\#|launch}',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    expect(received.urn).toMatch(/^urn:li:share:\d+$/);
    expect(outcome).toEqual({ ok: true, platformPostId: received.urn, url: `https://www.linkedin.com/feed/update/${received.urn}` });
  });

  it('publishes text with every reserved character exactly as written, hashtags clickable', async () => {
    const { profile } = await connect({ sub: 'pub-2', name: 'Pub Two' });
    const content = 'Release (v2.1) [beta]: my_var ~x~ *bold* <tag> @someone {a|b} back\\slash\n#launch_day #日本語 C# #1 🎉';
    expect(await publish(profile, content)).toMatchObject({ ok: true });
    const [received] = linkedin.createdPosts().slice(-1);
    expect(received.body.commentary).toBe(escapeLittleText(content));
    expect(received).toMatchObject({ text: content, complete: true, hashtags: ['launch_day', '日本語'] });
  });

  it('answers PLATFORM_AUTH_EXPIRED without calling LinkedIn when the stored expiry has passed', async () => {
    const { profile } = await connect({ sub: 'exp-1', name: 'Expired' }, { storedExpiresAt: new Date(Date.now() - 1000) });
    const before = linkedin.receivedPosts().length;
    expect(await publish(profile, 'too late')).toEqual({
      ok: false,
      code: 'PLATFORM_AUTH_EXPIRED',
      message: expect.stringContaining('expired'),
      retryable: false,
    });
    expect(linkedin.receivedPosts()).toHaveLength(before);
  });

  it.each([
    ['revoked by the member', (sub: string) => linkedin.revokeTokens(sub), /revoked/],
    ['expired at LinkedIn', (sub: string) => linkedin.expireTokens(sub), /expired/],
  ])('answers PLATFORM_AUTH_EXPIRED (not retryable) for a token %s', async (_, spoil, message) => {
    const sub = `spoiled-${randomUUID()}`;
    const { profile } = await connect({ sub, name: 'Spoiled' });
    spoil(sub);
    const outcome = await publish(profile, 'hello');
    expect(outcome).toEqual({ ok: false, code: 'PLATFORM_AUTH_EXPIRED', message: expect.stringMatching(message), retryable: false });
    expect(linkedin.receivedPosts().slice(-1)[0].status).toBe(401);
  });

  it('answers PLATFORM_AUTH_EXPIRED for credentials sealed for another profile', async () => {
    const { profile } = await connect({ sub: 'moved-1' }, { sealedFor: randomUUID() });
    expect(await publish(profile, 'hello')).toMatchObject({ ok: false, code: 'PLATFORM_AUTH_EXPIRED', retryable: false });
  });

  it('classifies 429 as retryable PLATFORM_UNAVAILABLE with Retry-After', async () => {
    const { profile } = await connect({ sub: 'rl-1' });
    linkedin.failNextPosts(1, { type: 'status', status: 429, retryAfterSeconds: 30 });
    expect(await publish(profile, 'throttled')).toEqual({
      ok: false,
      code: 'PLATFORM_UNAVAILABLE',
      message: expect.any(String),
      retryable: true,
      retryAfterSeconds: 30,
    });
  });

  it.each([500, 503])('classifies %i as retryable PLATFORM_UNAVAILABLE, then succeeds on the next attempt', async (status) => {
    const { profile } = await connect({ sub: `err-${status}` });
    linkedin.failNextPosts(1, { type: 'status', status });
    expect(await publish(profile, `down ${status}`)).toEqual({
      ok: false,
      code: 'PLATFORM_UNAVAILABLE',
      message: expect.any(String),
      retryable: true,
    });
    expect(await publish(profile, `down ${status}`)).toMatchObject({ ok: true });
  });

  it("classifies LinkedIn's duplicate answer as PLATFORM_DUPLICATE, never retried", async () => {
    const { profile } = await connect({ sub: 'dup-1' });
    linkedin.failNextPosts(1, { type: 'duplicate' });
    expect(await publish(profile, 'first time')).toEqual({
      ok: false,
      code: 'PLATFORM_DUPLICATE',
      message: expect.stringMatching(/duplicate/i),
      retryable: false,
    });
    expect(await publish(profile, 'same words')).toMatchObject({ ok: true });
    expect(await publish(profile, 'same words')).toMatchObject({ ok: false, code: 'PLATFORM_DUPLICATE', retryable: false });
  });

  it("classifies other refusals as PLATFORM_REJECTED with LinkedIn's message", async () => {
    const { profile } = await connect({ sub: 'rej-1' });
    linkedin.failNextPosts(1, { type: 'status', status: 422, message: 'Field /commentary has invalid text' });
    expect(await publish(profile, 'rejected')).toEqual({
      ok: false,
      code: 'PLATFORM_REJECTED',
      message: 'Field /commentary has invalid text',
      retryable: false,
    });
    const other = { ...profile, platform_user_id: 'urn:li:person:somebody-else' };
    expect(await publish(other, 'as someone else')).toMatchObject({
      ok: false,
      code: 'PLATFORM_REJECTED',
      message: expect.stringContaining('somebody-else'),
      retryable: false,
    });
  });

  it.each([
    ['no answer in time', { type: 'hang' as const }],
    ['an answer later than the timeout', { type: 'delay' as const, ms: LATE_ANSWER_MS }],
    ['a connection reset', { type: 'reset' as const }],
  ])('answers PLATFORM_OUTCOME_UNKNOWN (not retryable) after sending, for %s: the post may exist', async (_, fault) => {
    const { profile } = await connect({ sub: `unknown-${fault.type}` });
    const created = linkedin.postCount();
    linkedin.failNextPosts(1, fault);
    const started = Date.now();
    expect(await publish(profile, `maybe posted ${fault.type}`)).toEqual({
      ok: false,
      code: 'PLATFORM_OUTCOME_UNKNOWN',
      message: expect.any(String),
      retryable: false,
    });
    // Given up on its own timeout, long before a late answer would have come (a bound over a second, not the machine's speed).
    expect(Date.now() - started).toBeLessThan(LATE_ANSWER_MS / 2);
    expect(linkedin.postCount()).toBe(created + 1);
  });

  it('answers retryable PLATFORM_UNAVAILABLE when nothing could be sent (connection refused)', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const unreachable = createLinkedInPublisher({
      apiBaseUrl: `http://127.0.0.1:${closedPort}`,
      apiVersion: PINNED_LINKEDIN_API_VERSION,
      timeoutMs: TIMEOUT_MS,
    });
    const { profile } = await connect({ sub: 'refused-1' });
    expect(await publish(profile, 'nobody home', unreachable)).toEqual({
      ok: false,
      code: 'PLATFORM_UNAVAILABLE',
      message: expect.stringContaining('ECONNREFUSED'),
      retryable: true,
    });
  });

  it('never lets a token reach the logs or an outcome', () => {
    const tokens = linkedin.tokens().map((issued) => issued.token);
    expect(tokens.length).toBeGreaterThan(10);
    expect(outcomes.length).toBeGreaterThan(10);
    const everything = `${logs.text()}\n${outcomes.join('\n')}`;
    for (const token of tokens) expect(everything).not.toContain(token);
  });
});
