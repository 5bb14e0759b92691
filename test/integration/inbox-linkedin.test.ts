import { startFakeLinkedIn, type FakeLinkedIn, type FakeLinkedInUser } from '../fakes/fake-linkedin';
import { openAuthorizationUrl } from '../support/linkedin-browser';
import { schedulerSettled, webhooksSettled } from '../support/scheduler-settled';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type CallOptions, type TestService } from '../support/test-service';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * The inbox against the fake LinkedIn (docs/api.md, "Inbox"), time moved by the clock port:
 * comments on our posts become `comment` items (once), a reply goes out as a comment with
 * `parentComment` (once, also when its request is repeated), a page-authored post's comments are
 * read and answered as the page, a draft key's proposed reply is approved at its version and the
 * audit trail shows both, inbox.received reaches only the endpoints that asked for it (verified
 * with the Standard Webhooks library), refresh is once a minute, and the 5-minute round collects a
 * profile that published in the last 30 days and leaves a quiet one alone.
 */
const MINUTE = 60_000;
const ADA: FakeLinkedInUser = { sub: 'inbox-ada', name: 'Ada' };
const PAGE_ADMIN: FakeLinkedInUser = { sub: 'inbox-page-admin', name: 'Page Admin' };
const QUIET: FakeLinkedInUser = { sub: 'inbox-quiet', name: 'Quiet' };
const ACME = { id: '8080', name: 'Acme Inbox' };

type Call = (method: string, path: string, options?: CallOptions) => ReturnType<TestService['call']>;

describe('inbox (fake LinkedIn, clock port)', () => {
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let clock: { now(): Date; advance(ms: number): void };
  let subscribed: WebhookReceiver;
  let defaults: WebhookReceiver;
  let subscribedSecret: string;

  beforeAll(async () => {
    linkedin = await startFakeLinkedIn();
    linkedin.organizations.add({ ...ACME, administrators: [PAGE_ADMIN.sub] });
    service = await startTestService({
      ...linkedin.settings(),
      LOG_LEVEL: 'WARN',
      RATE_LIMIT_REQUESTS: '1000',
      PUBLISH_RETRY_BASE_MS: '1',
    });
    const ports = await import('#shared/ports/clock');
    // Real time moved forward by the test (the Standard Webhooks library checks signatures' times against real time).
    clock = ports.offsetClock();
    ports.useClock(clock);
    subscribed = await startWebhookReceiver();
    defaults = await startWebhookReceiver();
  }, 60_000);

  afterAll(async () => {
    (await import('#shared/ports/clock')).useClock();
    await subscribed?.stop();
    await defaults?.stop();
    await service?.stop();
    await linkedin?.stop();
  });

  const withKey =
    (apiKey: string): Call =>
    (method, path, options = {}) =>
      service.call(method, path, { key: apiKey, ...options });

  async function account(user: FakeLinkedInUser, author: 'member' | 'organization' = 'member') {
    const { apiKey, accountId } = await service.createAccount({ plan: 'pro' });
    registerSecret(apiKey);
    const call = withKey(apiKey);
    const started = await call('POST', '/profiles/linkedin/authorize', { body: { author } });
    const browser = await openAuthorizationUrl(service.baseUrl, started.json.authorization_url as string);
    const { callbackUrl } = linkedin.approve(browser.linkedInUrl, user);
    const callback = await service.call('GET', `/profiles/linkedin/callback${new URL(callbackUrl).search}`, {
      headers: { cookie: browser.cookie },
    });
    expect(callback.status).toBe(201);
    if (author === 'organization') {
      const picked = await call('PUT', `/profiles/${callback.json.profile.id as string}/author`, { body: { organization_id: ACME.id } });
      expect(picked.status).toBe(200);
    }
    return { call, accountId };
  }

  async function publish(call: Call, content: string): Promise<{ id: string; urn: string }> {
    clock.advance(61_000);
    const created = await call('POST', '/posts', { body: { content, platforms: ['linkedin'] } });
    expect(created.status).toBe(201);
    await schedulerSettled();
    const post = (await call('GET', `/posts/${created.json.post.id as string}`)).json.post;
    expect(post.status).toBe('published');
    return { id: post.id, urn: post.results.linkedin.platform_post_id };
  }

  /** Refreshes the inbox a minute after the last refresh (the once-a-minute rule). */
  async function refresh(call: Call): Promise<number> {
    clock.advance(61_000);
    const refreshed = await call('POST', '/inbox/refresh');
    expect(refreshed.status).toBe(202);
    return refreshed.json.received as number;
  }

  let ada: { call: Call; accountId: string };
  let post: { id: string; urn: string };
  let items: { id: string; text: string; version: number }[];

  it('collects the comments on our post as comment items, once, and refresh is once a minute (429 with retry_after)', async () => {
    ada = await account(ADA);
    for (const [url, events] of [
      [subscribed.url, ['inbox.received']],
      [defaults.url, undefined],
    ] as const) {
      const created = await ada.call('POST', '/webhooks', { body: { url, ...(events ? { events } : {}) } });
      expect(created.status).toBe(201);
      registerSecret(created.json.secret);
      if (url === subscribed.url) subscribedSecret = created.json.secret as string;
    }
    post = await publish(ada.call, 'Inbox: what do you think?');
    linkedin.comments.addComment(post.urn, 'urn:li:person:carol', 'Love it');
    linkedin.comments.addComment(post.urn, 'urn:li:person:dan', 'Does it do threads?');

    expect(await refresh(ada.call)).toBe(2);
    const again = await ada.call('POST', '/inbox/refresh');
    expect(again.status).toBe(429);
    expect(again.json).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', retry_after: expect.any(Number) });
    expect(again.json.retry_after).toBeGreaterThan(0);
    expect(again.json.retry_after).toBeLessThanOrEqual(60);
    expect(again.headers.get('retry-after')).toBe(String(again.json.retry_after));
    expect(await refresh(ada.call)).toBe(0);

    const listed = await ada.call('GET', '/inbox');
    expect(listed.status).toBe(200);
    expect(listed.json.items).toHaveLength(2);
    for (const item of listed.json.items) {
      expect(item).toMatchObject({ platform: 'linkedin', type: 'comment', post_id: post.id, status: 'new', version: 1, reply: null });
    }
    expect(listed.json.items.map((item: { text: string }) => item.text).sort()).toEqual(['Does it do threads?', 'Love it']);
    expect((await ada.call('GET', `/inbox?post_id=${post.id}&platform=linkedin&status=new`)).json.items).toHaveLength(2);
    expect((await ada.call('GET', '/inbox?status=hidden')).json.items).toHaveLength(0);
    items = listed.json.items;
    const one = await ada.call('GET', `/inbox/${items[0]!.id}`);
    expect(one.json.item).toEqual(items[0]);

    // inbox.received only to the endpoints that subscribed, signed (checked with the Standard Webhooks library).
    await webhooksSettled();
    const events = subscribed.verified(subscribedSecret);
    expect(events.filter((event) => event.type === 'inbox.received')).toHaveLength(2);
    expect(events[0]!.data.item).toMatchObject({ platform: 'linkedin', type: 'comment', post_id: post.id });
    expect(defaults.received.map((delivery) => JSON.parse(delivery.body).type)).not.toContain('inbox.received');
  });

  it('marks an item, checks ids and hides other accounts', async () => {
    const item = items.find((candidate) => candidate.text === 'Love it')!;
    const read = await ada.call('PATCH', `/inbox/${item.id}`, { body: { status: 'read' } });
    expect(read.status).toBe(200);
    expect(read.json.item).toMatchObject({ status: 'read', version: item.version + 1 });
    expect((await ada.call('PATCH', `/inbox/${item.id}`, { body: { status: 'answered' } })).json).toMatchObject({
      error: 'INVALID_FIELD',
      field: 'status',
    });
    expect((await ada.call('GET', '/inbox/not-an-id')).json).toMatchObject({ error: 'INVALID_ID' });
    const other = await service.createAccount();
    expect((await service.call('GET', `/inbox/${item.id}`, { key: other.apiKey })).status).toBe(404);
  });

  it('replies as a comment with parentComment, once, also when the request is repeated with its idempotency key', async () => {
    const item = items.find((candidate) => candidate.text === 'Love it')!;
    const headers = { 'idempotency-key': 'reply-love-it' };
    const replied = await ada.call('POST', `/inbox/${item.id}/reply`, { body: { content: 'Thank you, Carol!' }, headers });
    expect(replied.status).toBe(202);
    expect(replied.json.item).toMatchObject({
      status: 'answered',
      reply: { status: 'published', content: 'Thank you, Carol!', error: null },
    });
    const repeated = await ada.call('POST', `/inbox/${item.id}/reply`, { body: { content: 'Thank you, Carol!' }, headers });
    expect(repeated.json).toEqual(replied.json);
    const parent = linkedin.comments.created().find((comment) => comment.text === 'Love it')!;
    const answers = linkedin.comments.created().filter((comment) => comment.parentComment === parent.commentUrn);
    expect(answers).toEqual([expect.objectContaining({ actor: `urn:li:person:${ADA.sub}`, object: post.urn, text: 'Thank you, Carol!' })]);
    // Published: a second reply is refused, and our reply is not an item at the next collection.
    const second = await ada.call('POST', `/inbox/${item.id}/reply`, { body: { content: 'Again' } });
    expect(second.json).toMatchObject({ error: 'INVALID_POST_STATE', status: 'published' });
    expect(await refresh(ada.call)).toBe(0);
    const tooLong = await ada.call('POST', `/inbox/${items[1]!.id}/reply`, { body: { content: 'x'.repeat(1251) } });
    expect(tooLong.json).toMatchObject({ error: 'INVALID_FIELD', field: 'content' });
  });

  it('a draft key proposes a reply; it is approved at its version, published once, and the audit trail shows both', async () => {
    const created = await ada.call('POST', '/keys', { body: { name: 'reply agent', scope: 'draft' } });
    registerSecret(created.json.api_key);
    const agent = withKey(created.json.api_key as string);
    const item = items.find((candidate) => candidate.text === 'Does it do threads?')!;
    const refused = await agent('POST', `/inbox/${item.id}/reply`, { body: { content: 'Yes it does' } });
    expect(refused.json).toMatchObject({ error: 'INSUFFICIENT_SCOPE', required_scope: 'write' });
    const drafted = await agent('POST', `/inbox/${item.id}/reply`, { body: { content: 'Yes: every part is a reply', draft: true } });
    expect(drafted.status).toBe(202);
    expect(drafted.json.item.reply).toEqual({ status: 'draft', content: 'Yes: every part is a reply', url: null, error: null });
    expect(linkedin.comments.created().filter((comment) => comment.text === 'Yes: every part is a reply')).toHaveLength(0);
    expect((await agent('POST', `/inbox/${item.id}/reply/approve`)).json).toMatchObject({ error: 'INSUFFICIENT_SCOPE' });

    const version = drafted.json.item.version as number;
    const stale = await ada.call('POST', `/inbox/${item.id}/reply/approve`, { headers: { 'if-match': `"v${version - 1}"` } });
    expect(stale.status).toBe(412);
    expect(stale.json).toMatchObject({ error: 'VERSION_MISMATCH', current_version: version });
    const approved = await ada.call('POST', `/inbox/${item.id}/reply/approve`, { body: { expected_version: version } });
    expect(approved.status).toBe(202);
    expect(approved.json.item).toMatchObject({ status: 'answered', reply: { status: 'published', content: 'Yes: every part is a reply' } });
    expect((await ada.call('POST', `/inbox/${item.id}/reply/approve`)).json).toMatchObject({
      error: 'INVALID_POST_STATE',
      status: 'published',
    });
    expect(linkedin.comments.created().filter((comment) => comment.text === 'Yes: every part is a reply')).toHaveLength(1);

    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('#shared/store/client');
    const { auditPartition } = await import('#shared/store/audit-log');
    const { Items } = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': auditPartition(ada.accountId) },
      }),
    );
    const entries = (Items ?? []).filter((entry) => entry.action === 'inbox.replied' && entry.target.id === item.id);
    expect(entries).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ type: 'api_key', name: 'reply agent' }),
        details: expect.objectContaining({ status: 'draft' }),
      }),
      expect.objectContaining({
        actor: expect.objectContaining({ type: 'api_key' }),
        details: expect.objectContaining({ approved: true }),
      }),
    ]);
  });

  it("reads and answers a page-authored post's comments as the page", async () => {
    const page = await account(PAGE_ADMIN, 'organization');
    const pagePost = await publish(page.call, 'Inbox: a page post');
    linkedin.comments.addComment(pagePost.urn, 'urn:li:person:erin', 'Nice page post');
    // The refresh takes it, unless the 5-minute round (the clock just moved) took it first: one item either way.
    await refresh(page.call);
    const listed = (await page.call('GET', '/inbox')).json.items;
    expect(listed).toHaveLength(1);
    const [item] = listed;
    expect(item).toMatchObject({ type: 'comment', post_id: pagePost.id, author: { id: 'urn:li:person:erin' } });
    const replied = await page.call('POST', `/inbox/${item.id as string}/reply`, { body: { content: 'Thanks from Acme' } });
    expect(replied.json.item.reply.status).toBe('published');
    expect(linkedin.comments.created().find((comment) => comment.text === 'Thanks from Acme')).toMatchObject({
      actor: `urn:li:organization:${ACME.id}`,
      object: pagePost.urn,
    });
  });

  it('collects a profile that published in the last 30 days every 5 minutes, and not a quiet one', async () => {
    const quiet = await account(QUIET);
    const { getCollectionState } = await import('#shared/store/inbox-collection');
    const listingsOf = (urn: string) => linkedin.comments.listings().filter((listed) => listed === urn).length;
    await schedulerSettled();
    const before = listingsOf(post.urn);
    const collectedBefore = (await getCollectionState(ada.accountId, 'linkedin')).last_collected_at;
    clock.advance(5 * MINUTE);
    await schedulerSettled();
    expect(listingsOf(post.urn)).toBe(before + 1);
    const after = (await getCollectionState(ada.accountId, 'linkedin')).last_collected_at;
    expect(after).not.toBe(collectedBefore);
    linkedin.comments.addComment(post.urn, 'urn:li:person:fay', 'Late to the party');
    clock.advance(5 * MINUTE);
    await schedulerSettled();
    expect(listingsOf(post.urn)).toBe(before + 2);
    expect((await ada.call('GET', '/inbox?status=new')).json.items.map((item: { text: string }) => item.text)).toContain(
      'Late to the party',
    );
    expect((await getCollectionState(quiet.accountId, 'linkedin')).last_collected_at).toBeNull();
  });
});
