import { randomUUID } from 'node:crypto';
import type { PublishOutcome } from '#shared/platforms/publisher';
import { captureLogs, type LogCapture } from '../support/log-capture';
import { startStubServer, startTestPds, xrpcError, type PostRecord, type TestPds, type TestUser } from '../support/pds';
import { startTestService, type TestService } from '../support/test-service';

/**
 * The Bluesky adapter against a real PDS: a profile is connected through the API, then the
 * adapter publishes exactly as the publisher calls it, with the stored profile mapped to the
 * platform's profile, and the session it renewed stored by the publisher's own use case.
 */
describe('the Bluesky publisher adapter', () => {
  let pds: TestPds;
  let service: TestService;
  let logs: LogCapture;
  let alice: TestUser;
  const secrets: string[] = [];

  beforeAll(async () => {
    pds = await startTestPds();
    service = await startTestService({ LOG_LEVEL: 'INFO', BLUESKY_SERVICE_URL: pds.url });
    alice = await pds.createUser('alice');
    logs = captureLogs();
  }, 60_000);
  afterAll(async () => {
    logs?.restore();
    await service?.stop();
    await pds?.stop();
  });

  const modules = async () => ({
    ...(await import('#shared/platforms/bluesky/publisher')),
    ...(await import('#shared/platforms/bluesky/credentials')),
    ...(await import('#shared/store/profiles')),
    ...(await import('#shared/use-cases/webhooks/events')),
    ...(await import('#shared/use-cases/profile-renewal')),
  });

  /** A new PDS user connected as the Bluesky profile of a new account. */
  async function connectedUser(name: string) {
    const user = await pds.createUser(name);
    secrets.push(user.appPassword, user.password);
    const { apiKey, accountId } = await service.createAccount();
    const response = await service.call('POST', '/profiles/bluesky', {
      key: apiKey,
      body: { handle: user.handle, app_password: user.appPassword },
    });
    expect(response.status).toBe(201);
    const { openCredentials, getProfileItem } = await modules();
    const item = (await getProfileItem(accountId, 'bluesky'))!;
    const { session } = await openCredentials(item.credentials, { accountId, profileId: item.id });
    secrets.push(session.accessJwt, session.refreshJwt);
    type PublishOptions = { postId?: string; postTime?: Date; profile?: object };
    /** The adapter's call alone: what it answers, nothing stored. */
    const publishOnly = async (content: string, options: PublishOptions = {}): Promise<PublishOutcome> => {
      const { blueskyPublisher, toPlatformProfile } = await modules();
      const profile = { ...toPlatformProfile((await getProfileItem(accountId, 'bluesky'))!), ...options.profile };
      return blueskyPublisher.publish({
        postId: options.postId ?? randomUUID(),
        accountId,
        content,
        postTime: options.postTime ?? new Date(),
        profile,
        attempt: 1,
      });
    };
    /** Stores what the adapter renewed, as the publisher does after each call. */
    const keep = async (outcome: PublishOutcome): Promise<PublishOutcome> => {
      const { keepRenewal, toPlatformProfile } = await modules();
      return (await keepRenewal(toPlatformProfile((await getProfileItem(accountId, 'bluesky'))!), outcome, randomUUID())).outcome;
    };
    const publish = async (content: string, options: PublishOptions = {}): Promise<PublishOutcome> =>
      keep(await publishOnly(content, options));
    return { user, accountId, profileId: item.id, publish, publishOnly, keep };
  }

  /** Replaces the stored access token, as if it had expired (the PDS would otherwise honour it for 2 h). */
  async function staleAccessToken(accountId: string, accessJwt: string): Promise<void> {
    const { openCredentials, sealCredentials, getProfileItem, updateProfileCredentials } = await modules();
    const item = (await getProfileItem(accountId, 'bluesky'))!;
    const owner = { accountId, profileId: item.id };
    const credentials = await openCredentials(item.credentials, owner);
    credentials.session.accessJwt = accessJwt;
    await updateProfileCredentials(accountId, 'bluesky', item.id, await sealCredentials(credentials, owner));
  }

  const storedSession = async (accountId: string) => {
    const { openCredentials, getProfileItem } = await modules();
    const item = (await getProfileItem(accountId, 'bluesky'))!;
    return (await openCredentials(item.credentials, { accountId, profileId: item.id })).session;
  };

  const jwt = (claims: object) =>
    `${Buffer.from('{"alg":"HS256","typ":"at+jwt"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`;
  const byteRange = (text: string, part: string) => {
    const start = Buffer.byteLength(text.slice(0, text.indexOf(part)), 'utf8');
    return { byteStart: start, byteEnd: start + Buffer.byteLength(part, 'utf8') };
  };

  it.each([
    ['plain ASCII', ''],
    ['emoji and accents before the facets (bytes differ from characters)', '🚀 Café déjà-vu 👩🏽‍💻 '],
  ])('publishes one post whose link, mention and tag are facets at the right byte offsets: %s', async (_, prefix) => {
    const bob = await connectedUser('bob');
    const link = 'https://example.com/a_(b)';
    const text = `${prefix}Read ${link} by @${alice.handle} #launch`;
    const outcome = await bob.publish(text);
    const records = await pds.listPosts(bob.user.did);
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(outcome).toEqual({
      ok: true,
      url: `https://bsky.app/profile/${bob.user.handle}/post/${record.rkey}`,
      platformPostId: record.uri,
    });
    expect(record.uri).toBe(`at://${bob.user.did}/app.bsky.feed.post/${record.rkey}`);
    expect(record.value.text).toBe(text);
    expect(record.value.reply).toBeUndefined();
    expect(record.value.facets).toEqual(
      [
        { index: byteRange(text, link), features: [{ $type: 'app.bsky.richtext.facet#link', uri: link }] },
        {
          $type: 'app.bsky.richtext.facet',
          index: byteRange(text, `@${alice.handle}`),
          features: [{ $type: 'app.bsky.richtext.facet#mention', did: alice.did }],
        },
        { index: byteRange(text, '#launch'), features: [{ $type: 'app.bsky.richtext.facet#tag', tag: 'launch' }] },
      ].map((facet) => expect.objectContaining({ index: facet.index, features: facet.features })),
    );
  });

  it('leaves a mention of an unknown handle as plain text and still publishes', async () => {
    const bob = await connectedUser('bob');
    const outcome = await bob.publish('Hello @nobody-at-all.test and https://example.com');
    expect(outcome.ok).toBe(true);
    const [record] = await pds.listPosts(bob.user.did);
    expect(record.value.facets.map((facet: { features: Array<{ $type: string }> }) => facet.features[0].$type)).toEqual([
      'app.bsky.richtext.facet#link',
    ]);
  });

  describe('long texts as threads', () => {
    const url = `https://example.com/${'segment/'.repeat(20)}end_(x)?q=1`;
    const text = [
      `Launch day 🚀👩🏽‍💻 ${'we built something new for you '.repeat(5)}see ${url} for the details.`,
      `日本語の文章です。これは長いテキストの例です。${'漢字かなカナ'.repeat(30)}。`,
      `${'🎉🇫🇷👨‍👩‍👧‍👦 '.repeat(40)}${'and the story goes on and on '.repeat(6)}`,
      `${'One more sentence to read. '.repeat(12)}#launch`,
    ].join('\n\n');
    const graphemes = (value: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)].length;

    function expectThread(records: PostRecord[]): void {
      const [root, ...replies] = records;
      expect(root.value.reply).toBeUndefined();
      replies.forEach((record, index) => {
        const parent = records[index];
        expect(record.value.reply).toEqual({ root: { uri: root.uri, cid: root.cid }, parent: { uri: parent.uri, cid: parent.cid } });
      });
    }

    it('publishes a 1,000-grapheme text as a thread: parts within limits, in order, chained, nothing lost', async () => {
      expect(graphemes(text)).toBeGreaterThanOrEqual(1000);
      const bob = await connectedUser('bob');
      const outcome = await bob.publish(text);
      const records = await pds.listPosts(bob.user.did);
      expect(records.length).toBeGreaterThanOrEqual(4);
      expect(outcome).toEqual({
        ok: true,
        url: `https://bsky.app/profile/${bob.user.handle}/post/${records[0].rkey}`,
        platformPostId: records[0].uri,
      });
      for (const record of records) expect(graphemes(record.value.text)).toBeLessThanOrEqual(300);
      expect(
        records
          .map((record) => record.value.text)
          .join(' ')
          .replace(/\s+/g, ' '),
      ).toBe(text.replace(/\s+/g, ' '));
      expect(
        records.some((record) =>
          record.value.facets?.some((facet: { features: Array<{ uri?: string }> }) => facet.features[0].uri === url),
        ),
      ).toBe(true);
      expectThread(records);
    });

    it('writes each record once when the same post is published again, and repairs a thread cut short', async () => {
      const bob = await connectedUser('bob');
      const post = { postId: randomUUID(), postTime: new Date() };
      const first = await bob.publish(text, post);
      const records = await pds.listPosts(bob.user.did);
      const again = await bob.publish(text, post);
      expect(again).toEqual(first);
      expect(await pds.listPosts(bob.user.did)).toEqual(records);

      // As if the first attempt had died after two parts: the repeat writes only what is missing.
      for (const record of records.slice(2)) {
        await bob.user.agent.com.atproto.repo.deleteRecord({ repo: bob.user.did, collection: 'app.bsky.feed.post', rkey: record.rkey });
      }
      expect(await pds.listPosts(bob.user.did)).toHaveLength(2);
      expect(await bob.publish(text, post)).toEqual(first);
      const repaired = await pds.listPosts(bob.user.did);
      expect(repaired.map((record) => record.rkey)).toEqual(records.map((record) => record.rkey));
      expectThread(repaired);
    });

    it('gives two posts due at the same instant distinct records', async () => {
      const bob = await connectedUser('bob');
      const postTime = new Date();
      const one = await bob.publish('First post', { postTime });
      const two = await bob.publish('Second post', { postTime });
      expect(one.ok && two.ok && one.platformPostId !== two.platformPostId).toBe(true);
      expect((await pds.listPosts(bob.user.did)).map((record) => record.value.text).sort()).toEqual(['First post', 'Second post']);
    });
  });

  describe('sessions', () => {
    it('publishes ten posts in a row on the session from connecting: one login in all', async () => {
      const before = pds.createSessionCount();
      const carol = await connectedUser('carol');
      expect(pds.createSessionCount()).toBe(before + 1);
      for (let index = 0; index < 10; index += 1) expect((await carol.publish(`Post number ${index + 1}`)).ok).toBe(true);
      expect(await pds.listPosts(carol.user.did)).toHaveLength(10);
      expect(pds.createSessionCount()).toBe(before + 1);
    });

    it.each([
      ['expired by its own claims', () => jwt({ scope: 'com.atproto.appPass', exp: Math.floor(Date.now() / 1000) - 60 })],
      ['unreadable', () => 'garbage'],
      [
        'rejected by the PDS though not expired by the clock',
        () => jwt({ scope: 'com.atproto.appPass', exp: Math.floor(Date.now() / 1000) + 3600 }),
      ],
    ])('refreshes an access token that is %s, stores the new session, and does not log in', async (_, token) => {
      const carol = await connectedUser('carol');
      const old = await storedSession(carol.accountId);
      await staleAccessToken(carol.accountId, token());
      const logins = pds.createSessionCount();
      const refreshes = pds.callCount('com.atproto.server.refreshSession');
      expect((await carol.publish('After a refresh')).ok).toBe(true);
      expect(pds.callCount('com.atproto.server.refreshSession')).toBe(refreshes + 1);
      expect(pds.createSessionCount()).toBe(logins);
      const renewed = await storedSession(carol.accountId);
      expect(renewed.refreshJwt).not.toBe(old.refreshJwt);
      expect(renewed.accessJwt).not.toBe(token());
      secrets.push(renewed.accessJwt, renewed.refreshJwt);
      // The next post uses the stored new session as it is.
      expect((await carol.publish('And another')).ok).toBe(true);
      expect(pds.callCount('com.atproto.server.refreshSession')).toBe(refreshes + 1);
    });

    it('stores nothing itself: the renewed session comes back in its outcome, for the use case to store', async () => {
      const carol = await connectedUser('carol');
      await staleAccessToken(carol.accountId, 'garbage');
      const stale = await storedSession(carol.accountId);
      const answered = await carol.publishOnly('Refreshed, not stored by the adapter');
      expect(answered).toMatchObject({ ok: true, renewedCredentials: expect.any(String) });
      expect(await storedSession(carol.accountId)).toEqual(stale);
      const kept = await carol.keep(answered);
      expect(kept).not.toHaveProperty('renewedCredentials');
      const renewed = await storedSession(carol.accountId);
      expect(renewed.accessJwt).not.toBe('garbage');
      expect(renewed.refreshJwt).not.toBe(stale.refreshJwt);
      secrets.push(renewed.accessJwt, renewed.refreshJwt);
    });

    it('logs in with the app password when the refresh token no longer works', async () => {
      const carol = await connectedUser('carol');
      const old = await storedSession(carol.accountId);
      await carol.user.agent.com.atproto.server.deleteSession(undefined, { headers: { authorization: `Bearer ${old.refreshJwt}` } });
      await staleAccessToken(carol.accountId, 'garbage');
      const logins = pds.createSessionCount();
      expect((await carol.publish('After a login')).ok).toBe(true);
      expect(pds.createSessionCount()).toBe(logins + 1);
      const renewed = await storedSession(carol.accountId);
      expect(renewed.refreshJwt).not.toBe(old.refreshJwt);
      secrets.push(renewed.accessJwt, renewed.refreshJwt);
    });

    it('answers PLATFORM_AUTH_EXPIRED once the app password is revoked (refresh: ExpiredToken, login: AuthenticationRequired)', async () => {
      const dave = await connectedUser('dave');
      await pds.revokeAppPassword(dave.user);
      await staleAccessToken(dave.accountId, 'garbage');
      const logins = pds.createSessionCount();
      const refreshes = pds.callCount('com.atproto.server.refreshSession');
      const outcome = await dave.publish('Will not go out');
      expect(outcome).toEqual({
        ok: false,
        code: 'PLATFORM_AUTH_EXPIRED',
        message: expect.stringContaining('reconnect'),
        retryable: false,
      });
      expect(pds.callCount('com.atproto.server.refreshSession')).toBe(refreshes + 1);
      expect(pds.createSessionCount()).toBe(logins + 1);
      expect(await pds.listPosts(dave.user.did)).toEqual([]);

      // Once the publisher has flagged the profile, the adapter does not spend another login on it.
      const { markProfileNeedsReconnect, getProfileItem } = await modules();
      await markProfileNeedsReconnect((await getProfileItem(dave.accountId, 'bluesky'))!);
      const flagged = await dave.publish('Still not');
      expect(flagged).toMatchObject({ ok: false, code: 'PLATFORM_AUTH_EXPIRED', retryable: false });
      expect(pds.createSessionCount()).toBe(logins + 1);
    });
  });

  describe('failures', () => {
    it('answers PLATFORM_UNAVAILABLE (retryable) when the PDS cannot be reached', async () => {
      const erin = await connectedUser('erin');
      const stub = await startStubServer(() => undefined);
      await stub.stop();
      const outcome = await erin.publish('Nobody home', { profile: { service: stub.url } });
      expect(outcome).toMatchObject({ ok: false, code: 'PLATFORM_UNAVAILABLE', retryable: true });
    });

    it.each([
      [503, 'NotEnoughResources', 'PLATFORM_UNAVAILABLE', true, undefined],
      [502, 'UpstreamFailure', 'PLATFORM_UNAVAILABLE', true, undefined],
      [429, 'RateLimitExceeded', 'PLATFORM_UNAVAILABLE', true, expect.any(Number)],
      [400, 'InvalidRequest', 'PLATFORM_REJECTED', false, undefined],
    ])('classifies a PDS answering %s %s', async (status, error, code, retryable, retryAfterSeconds) => {
      const erin = await connectedUser('erin');
      const headers: Record<string, string> = status === 429 ? { 'ratelimit-reset': String(Math.floor(Date.now() / 1000) + 120) } : {};
      const stub = await startStubServer((request, response) =>
        request.url?.includes('createRecord') ? xrpcError(response, status, error, headers) : xrpcError(response, 400, 'RecordNotFound'),
      );
      try {
        const outcome = await erin.publish('Into the void', { profile: { service: stub.url } });
        expect(outcome).toEqual({ ok: false, code, message: expect.stringContaining(error), retryable, retryAfterSeconds });
        if (status === 429 && !outcome.ok) expect(outcome.retryAfterSeconds).toBeGreaterThanOrEqual(100);
        expect(stub.requests[0]).toMatch(/^POST \/xrpc\/com\.atproto\.repo\.createRecord$/);
      } finally {
        await stub.stop();
      }
    });
  });

  it('never logs an app password, access or refresh token', () => {
    const text = logs.text();
    expect(text).toContain('bluesky publish failed');
    expect(secrets.length).toBeGreaterThan(20);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
