import { randomUUID } from 'node:crypto';
import { Agent } from '@atproto/api';
import type { PublishOutcome, PublishRequest } from '#shared/platforms/publisher';
import { eventually } from '../support/eventually';
import { smallJpeg } from '../support/images';
import { captureLogs, type LogCapture } from '../support/log-capture';
import { startTestPds, type TestPds, type TestUser } from '../support/pds';
import { signInAndConsent } from '../support/pds-oauth-browser';
import { startTestService, type TestService } from '../support/test-service';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Connecting Bluesky with atproto OAuth against a real PDS (docs/api.md, "Connecting Bluesky with
 * OAuth"): POST /profiles/bluesky/authorize, our start URL, the PDS's own sign-in and consent (driven
 * through its page's API, test/support/pds-oauth-browser.ts), the callback; then publishing through
 * the same adapter as app-password profiles, a new client instance restoring the session from the
 * table alone, refreshes racing under the table lock, and a grant revoked at the PDS.
 *
 * PUBLIC_BASE_URL is loopback here, so the service is an atproto loopback client
 * (docs/decisions/0290-bluesky-oauth-client-modes.md).
 */
describe('Bluesky with atproto OAuth', () => {
  let pds: TestPds;
  let service: TestService;
  let receiver: WebhookReceiver;
  let logs: LogCapture;
  let alice: TestUser;
  let account: { accountId: string; apiKey: string };
  let webhookSecret: string;

  beforeAll(async () => {
    pds = await startTestPds();
    receiver = await startWebhookReceiver();
    service = await startTestService({
      LOG_LEVEL: 'INFO',
      BLUESKY_SERVICE_URL: pds.url,
      BLUESKY_PLC_URL: pds.plcUrl,
      PUBLIC_BASE_URL: 'http://127.0.0.1:3000',
      PUBLISH_RETRY_BASE_MS: '1',
    });
    alice = await pds.createUser('alice');
    await pds.setDisplayName(alice, 'Alice OAuth');
    account = await service.createAccount({ plan: 'pro' });
    const webhook = await service.call('POST', '/webhooks', {
      key: account.apiKey,
      body: { url: receiver.url, events: ['profile.needs_reconnect'] },
    });
    expect(webhook.status).toBe(201);
    webhookSecret = webhook.json.secret;
    logs = captureLogs();
  }, 60_000);
  afterAll(async () => {
    logs?.restore();
    await service?.stop();
    await receiver?.stop();
    await pds?.stop();
  });

  const local = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };

  /** The whole browser round: our start URL, the PDS's sign-in and consent, the callback with the nonce cookie. */
  async function connect(user: TestUser, apiKey: string) {
    const started = await service.call('POST', '/profiles/bluesky/authorize', {
      key: apiKey,
      body: { handle: `@${user.handle.toUpperCase()}` },
    });
    expect(started.status).toBe(200);
    const opened = await service.call('GET', local(started.json.authorization_url));
    expect(opened.status).toBe(302);
    const cookie = opened.headers.getSetCookie()[0]!.split(';')[0]!;
    const pdsUrl = opened.headers.get('location')!;
    expect(new URL(pdsUrl).origin).toBe(new URL(pds.url).origin);
    const callback = await signInAndConsent(pdsUrl, user.handle, user.password);
    expect(callback.pathname).toBe('/profiles/bluesky/callback');
    return { started, cookie, callback, finish: () => service.call('GET', local(callback.href), { headers: { cookie } }) };
  }

  const modules = async () => ({
    ...(await import('#shared/platforms/bluesky/publisher')),
    ...(await import('#shared/platforms/bluesky/oauth-client')),
    ...(await import('#shared/store/profiles')),
    ...(await import('#shared/store/bluesky-oauth-sessions')),
    ...(await import('#shared/ports/registry')),
  });

  async function publishOnly(request: Partial<PublishRequest> & { content: string }): Promise<PublishOutcome> {
    const { blueskyPublisher, toPlatformProfile, getProfileItem } = await modules();
    const profile = toPlatformProfile((await getProfileItem(account.accountId, 'bluesky'))!);
    return blueskyPublisher.publish({
      postId: randomUUID(),
      accountId: account.accountId,
      postTime: new Date(),
      profile,
      attempt: 1,
      ...request,
    });
  }

  /** The stored session, opened (as only the service can). */
  async function storedSession(): Promise<{
    tokenSet: { access_token: string; refresh_token?: string; expires_at?: string; aud: string };
  }> {
    const { getBlueskyOAuthSession, secretBox } = await modules();
    const sealed = await getBlueskyOAuthSession(account.accountId, alice.did);
    if (!sealed) throw new Error('no stored session');
    return JSON.parse(await (await secretBox()).open(sealed, { account_id: account.accountId, profile_id: `bluesky-oauth:${alice.did}` }));
  }

  /** Rewrites the stored session so its access token reads as expired: the next use refreshes. */
  async function ageStoredSession(): Promise<void> {
    const { putBlueskyOAuthSession, secretBox } = await modules();
    const session = await storedSession();
    session.tokenSet.expires_at = new Date(Date.now() - 60_000).toISOString();
    const context = { account_id: account.accountId, profile_id: `bluesky-oauth:${alice.did}` };
    await putBlueskyOAuthSession(account.accountId, alice.did, await (await secretBox()).seal(JSON.stringify(session), context));
  }

  it('serves loopback client metadata and an empty key set on a loopback base URL', async () => {
    const metadata = await service.call('GET', '/oauth/bluesky/client-metadata.json');
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('content-type')).toMatch(/^application\/json/);
    expect(metadata.json).toMatchObject({
      client_id: expect.stringMatching(/^http:\/\/localhost\?/),
      redirect_uris: ['http://127.0.0.1:3000/profiles/bluesky/callback'],
      scope: 'atproto transition:generic',
      token_endpoint_auth_method: 'none',
    });
    expect((await service.call('GET', '/oauth/bluesky/jwks.json')).json).toEqual({ keys: [] });
  });

  it('refuses a handle nobody has (INVALID_FIELD handle) and a state opened without its cookie', async () => {
    const unknown = await service.call('POST', '/profiles/bluesky/authorize', {
      key: account.apiKey,
      body: { handle: 'nobody-here.test' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ error: 'INVALID_FIELD', field: 'handle' });

    const other = await service.createAccount();
    const { finish, callback } = await connect(alice, other.apiKey);
    // Another browser (no nonce cookie) at the callback: state mismatch, and the state stays for its own browser.
    const stranger = await service.call('GET', local(callback.href));
    expect(stranger.status).toBe(400);
    expect(stranger.json).toMatchObject({ error: 'OAUTH_ERROR', details: 'state mismatch' });
    const own = await finish();
    expect(own.status).toBe(201);
    // And once used, never again.
    expect((await finish()).json).toMatchObject({ error: 'OAUTH_ERROR', details: 'state mismatch' });

    // Disconnecting deletes the session (its grant revoked at the PDS first).
    const { getBlueskyOAuthSession } = await modules();
    expect(await getBlueskyOAuthSession(other.accountId, alice.did)).toBeDefined();
    expect((await service.call('DELETE', `/profiles/${own.json.profile.id}`, { key: other.apiKey })).status).toBe(204);
    expect(await getBlueskyOAuthSession(other.accountId, alice.did)).toBeUndefined();
  }, 30_000);

  it('connects through the authorization URL: the profile says auth "oauth", the session is sealed in the table', async () => {
    const { started, finish } = await connect(alice, account.apiKey);
    const expiresAt = Date.parse(started.json.expires_at);
    expect(expiresAt - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const connected = await finish();
    expect(connected.status).toBe(201);
    expect(connected.json.profile).toEqual({
      id: expect.any(String),
      platform: 'bluesky',
      handle: alice.handle,
      display_name: 'Alice OAuth',
      platform_user_id: alice.did,
      connected_at: expect.any(String),
      expires_at: null,
      needs_reconnect: false,
      author: { type: 'member', id: alice.did, name: 'Alice OAuth' },
      auth: 'oauth',
    });
    const listed = await service.call('GET', '/profiles', { key: account.apiKey });
    expect(listed.json.profiles).toEqual([expect.objectContaining({ auth: 'oauth' })]);

    const { getBlueskyOAuthSession } = await modules();
    const sealed = (await getBlueskyOAuthSession(account.accountId, alice.did))!;
    const { tokenSet } = await storedSession();
    expect(sealed).not.toContain(tokenSet.access_token);
    expect(sealed).not.toContain('refresh_token');

    // A second connection while this one stands: PROFILE_ALREADY_EXISTS at once.
    const again = await service.call('POST', '/profiles/bluesky/authorize', { key: account.apiKey, body: { handle: alice.handle } });
    expect(again.json).toMatchObject({ error: 'PROFILE_ALREADY_EXISTS' });
  }, 30_000);

  it('publishes a thread with a link and an image, a link card and a first comment, through the same adapter', async () => {
    const jpeg = await smallJpeg();
    const long = [
      `Thread with a link https://example.com/oauth and an image.`,
      ...Array.from({ length: 3 }, (_, i) => `Part ${i + 2}. ${'Words go here. '.repeat(16)}`),
    ].join('\n\n');
    const thread = await publishOnly({
      content: long,
      images: [{ bytes: jpeg, contentType: 'image/jpeg', width: 64, height: 48, altText: 'A small picture' }],
    });
    expect(thread).toMatchObject({ ok: true, url: expect.stringContaining(`https://bsky.app/profile/${alice.handle}/post/`) });
    const records = await pds.listPosts(alice.did);
    const first = records.find((record) => record.uri === (thread as { platformPostId: string }).platformPostId)!;
    expect(first.value.embed).toMatchObject({ $type: 'app.bsky.embed.images', images: [{ alt: 'A small picture' }] });
    expect(first.value.facets[0].features[0]).toMatchObject({ uri: 'https://example.com/oauth' });
    expect(records.filter((record) => record.value.reply?.root.uri === first.uri).length).toBeGreaterThanOrEqual(1);

    const card = await publishOnly({
      content: 'A link card https://example.com/card',
      linkCard: { url: 'https://example.com/card', title: 'The card', description: 'Its description' },
    });
    expect(card.ok).toBe(true);
    const cardRecord = (await pds.listPosts(alice.did)).find(
      (record) => record.uri === (card as { platformPostId: string }).platformPostId,
    )!;
    expect(cardRecord.value.embed).toMatchObject({ $type: 'app.bsky.embed.external', external: { title: 'The card' } });
    // Nothing for the publisher to store: the OAuth client stored what it changed itself.
    expect(card).not.toHaveProperty('renewedCredentials');

    // The first comment goes through the same session: a reply under the post.
    const { blueskyPublisher, toPlatformProfile, getProfileItem } = await modules();
    const postId = randomUUID();
    const postTime = new Date();
    const content = 'A post with a first comment';
    const post = await publishOnly({ content, postId, postTime });
    const comment = await blueskyPublisher.comment!({
      postId,
      postTime,
      accountId: account.accountId,
      profile: toPlatformProfile((await getProfileItem(account.accountId, 'bluesky'))!),
      content,
      platformPostId: (post as { platformPostId: string }).platformPostId,
      text: 'The first comment',
      attempt: 1,
    });
    expect(comment.ok).toBe(true);
    const reply = (await pds.listPosts(alice.did)).find((record) => record.uri === (comment as { platformPostId: string }).platformPostId)!;
    expect(reply.value).toMatchObject({
      text: 'The first comment',
      reply: { root: { uri: (post as { platformPostId: string }).platformPostId } },
    });
  }, 30_000);

  it('publishes from a new client instance (a restarted service) with the session from the table alone', async () => {
    const { forgetBlueskyOAuthClients } = await modules();
    forgetBlueskyOAuthClients();
    await ageStoredSession();
    const before = (await storedSession()).tokenSet.refresh_token;
    const outcome = await publishOnly({ content: 'After a restart, refreshed from the table' });
    expect(outcome.ok).toBe(true);
    expect((await storedSession()).tokenSet.refresh_token).not.toBe(before);
  }, 30_000);

  it('never loses the session when two instances refresh at once, or a forced refresh races a publish', async () => {
    const { blueskyOAuthClient, forgetBlueskyOAuthClients } = await modules();
    await ageStoredSession();
    // Two processes: two clients that share nothing but the table.
    forgetBlueskyOAuthClients();
    const one = await blueskyOAuthClient(account.accountId);
    forgetBlueskyOAuthClients();
    const two = await blueskyOAuthClient(account.accountId);
    const [first, second] = await Promise.all([one.restore(alice.did), two.restore(alice.did)]);
    const posted = await Promise.all([
      new Agent(first).post({ text: 'Racing refresh, instance one' }),
      new Agent(second).post({ text: 'Racing refresh, instance two' }),
    ]);
    expect(posted.map((post) => post.uri)).toEqual([expect.stringContaining(alice.did), expect.stringContaining(alice.did)]);

    // A forced refresh in one instance while the adapter publishes in another.
    forgetBlueskyOAuthClients();
    const third = await blueskyOAuthClient(account.accountId);
    forgetBlueskyOAuthClients();
    const [refreshed, outcome] = await Promise.all([
      third.restore(alice.did, true),
      publishOnly({ content: 'Publishing while another instance refreshes' }),
    ]);
    expect(outcome.ok).toBe(true);
    expect(refreshed.did).toBe(alice.did);
    // Kept: the next publish still works, and the profile was never flagged.
    expect((await publishOnly({ content: 'Still connected' })).ok).toBe(true);
    const { getProfileItem } = await modules();
    expect((await getProfileItem(account.accountId, 'bluesky'))!.needs_reconnect).toBe(false);
  }, 60_000);

  it('a grant revoked at the PDS fails the post with PLATFORM_AUTH_EXPIRED, flags needs_reconnect and announces it', async () => {
    // The grant revoked at the PDS by a holder of the same credentials (the user's "revoke access" deletes the
    // same token record): a client of our own metadata, with a copy of the session in memory, so the table is untouched.
    const { NodeOAuthClient, requestLocalLock } = await import('@atproto/oauth-client-node');
    type Saved = import('@atproto/oauth-client-node').NodeSavedSession;
    const { blueskyClientMetadata } = await modules();
    const copy = new Map<string, Saved>([[alice.did, (await storedSession()) as unknown as Saved]]);
    const memory = <T>(map: Map<string, T>) => ({
      get: async (key: string) => map.get(key),
      set: async (key: string, value: T) => void map.set(key, value),
      del: async (key: string) => void map.delete(key),
    });
    const outsider = new NodeOAuthClient({
      clientMetadata: blueskyClientMetadata(),
      allowHttp: true,
      plcDirectoryUrl: pds.plcUrl,
      handleResolver: pds.url,
      requestLock: requestLocalLock,
      stateStore: memory(new Map()),
      sessionStore: memory(copy),
    });
    await outsider.revoke(alice.did);
    expect(copy.size).toBe(0);
    await ageStoredSession();

    const before = receiver.received.length;
    const created = await service.call('POST', '/posts', {
      key: account.apiKey,
      body: { content: 'Cannot go out', platforms: ['bluesky'] },
    });
    expect(created.status).toBe(201);
    const post = await eventually(
      async () => {
        const { json } = await service.call('GET', `/posts/${created.json.post.id}`, { key: account.apiKey });
        expect(json.post.status).not.toBe('publishing');
        expect(json.post.status).not.toBe('scheduled');
        return json.post;
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(post.results.bluesky).toMatchObject({ status: 'failed', error: { code: 'PLATFORM_AUTH_EXPIRED' } });
    const profiles = await service.call('GET', '/profiles', { key: account.apiKey });
    expect(profiles.json.profiles[0]).toMatchObject({ needs_reconnect: true, auth: 'oauth' });

    await receiver.waitFor(before + 1, 20_000);
    const [event] = receiver.verified(webhookSecret, receiver.received.slice(before, before + 1));
    expect(event).toMatchObject({
      type: 'profile.needs_reconnect',
      data: { profile: { platform: 'bluesky', needs_reconnect: true, auth: 'oauth' } },
    });
  }, 60_000);

  it('logs no token along the way', async () => {
    const text = logs.text();
    expect(text).not.toContain(alice.password);
    expect(text).not.toMatch(/"(access|refresh)_token"/);
  });
});
