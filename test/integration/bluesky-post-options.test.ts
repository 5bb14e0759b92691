import { captureLogs, type LogCapture } from '../support/log-capture';
import { eventually } from '../support/eventually';
import { startTestPds, type TestPds, type TestUser } from '../support/pds';
import { startTestService, type TestService } from '../support/test-service';

/**
 * Acceptance (issue 42, Bluesky options) against a real PDS through the API: a quote of another
 * account's post, a reply to that account's reply (root and parent right), reply controls and
 * quotes off as a threadgate and a postgate at the post's own rkey, langs and self-labels on the
 * record; and the references checked at creation.
 */
describe('Bluesky post options', () => {
  let pds: TestPds;
  let service: TestService;
  let logs: LogCapture;
  let alice: TestUser;
  let bob: TestUser;
  let account: { accountId: string; apiKey: string };

  beforeAll(async () => {
    pds = await startTestPds();
    service = await startTestService({ LOG_LEVEL: 'WARN', BLUESKY_SERVICE_URL: pds.url, PUBLISH_RETRY_BASE_MS: '1' });
    alice = await pds.createUser('alice');
    bob = await pds.createUser('bob');
    account = await service.createAccount({ plan: 'pro' });
    const connected = await service.call('POST', '/profiles/bluesky', {
      key: account.apiKey,
      body: { handle: alice.handle, app_password: alice.appPassword },
    });
    expect(connected.status).toBe(201);
    logs = captureLogs();
  }, 60_000);
  afterAll(async () => {
    logs?.restore();
    await service?.stop();
    await pds?.stop();
  });

  /** Bob's own post (and, with `parent`, his reply to it) written straight to the PDS. */
  async function bobPosts(text: string, parent?: { uri: string; cid: string; root?: { uri: string; cid: string } }) {
    const { data } = await bob.agent.com.atproto.repo.createRecord({
      repo: bob.did,
      collection: 'app.bsky.feed.post',
      record: {
        $type: 'app.bsky.feed.post',
        text,
        createdAt: new Date().toISOString(),
        ...(parent
          ? { reply: { root: parent.root ?? { uri: parent.uri, cid: parent.cid }, parent: { uri: parent.uri, cid: parent.cid } } }
          : {}),
      },
    });
    return { uri: data.uri, cid: data.cid, rkey: data.uri.split('/').pop()! };
  }

  const create = (body: Record<string, unknown>) =>
    service.call('POST', '/posts', { key: account.apiKey, body: { platforms: ['bluesky'], ...body } });

  async function published(body: Record<string, unknown>) {
    const created = await create(body);
    expect(created.status).toBe(201);
    const post = await eventually(
      async () => {
        const { json } = await service.call('GET', `/posts/${created.json.post.id}`, { key: account.apiKey });
        expect(json.post.status).not.toBe('publishing');
        return json.post;
      },
      { timeoutMs: 15_000, intervalMs: 50 },
    );
    expect(post.status).toBe('published');
    const uri: string = post.results.bluesky.platform_post_id;
    const rkey = uri.split('/').pop()!;
    const record = (await alice.agent.com.atproto.repo.getRecord({ repo: alice.did, collection: 'app.bsky.feed.post', rkey })).data;
    return { post, uri, rkey, record: record.value as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  const gate = async (collection: string, rkey: string) =>
    (await alice.agent.com.atproto.repo.listRecords({ repo: alice.did, collection })).data.records.filter((record) =>
      record.uri.endsWith(`/${rkey}`),
    );

  it('quotes another account’s post by its bsky.app URL, and answers a reply with the thread’s root', async () => {
    const root = await bobPosts('Bob starts a thread');
    const bobReply = await bobPosts('Bob answers himself', root);

    const quoting = await published({
      content: 'Alice quotes Bob',
      platform_options: { bluesky: { quote: `https://bsky.app/profile/${bob.handle}/post/${root.rkey}` } },
    });
    expect(quoting.record.embed).toEqual({ $type: 'app.bsky.embed.record', record: { uri: root.uri, cid: root.cid } });
    expect(quoting.post.platform_options).toEqual({
      bluesky: { quote: `https://bsky.app/profile/${bob.handle}/post/${root.rkey}` },
    });

    const replying = await published({
      content: 'Alice answers Bob',
      first_comment: 'And comments on her answer',
      platform_options: { bluesky: { reply_to: bobReply.uri } },
    });
    expect(replying.record.reply).toEqual({
      root: { uri: root.uri, cid: root.cid },
      parent: { uri: bobReply.uri, cid: bobReply.cid },
    });
    // The first comment answers Alice's reply, in Bob's thread.
    await eventually(
      async () => {
        const { json } = await service.call('GET', `/posts/${replying.post.id}`, { key: account.apiKey });
        expect(json.post.results.bluesky.first_comment.status).toBe('published');
      },
      { timeoutMs: 15_000, intervalMs: 50 },
    );
    const comment = (await pds.listPosts(alice.did)).find((record) => record.value.text === 'And comments on her answer')!;
    expect(comment.value.reply).toEqual({
      root: { uri: root.uri, cid: root.cid },
      parent: { uri: replying.uri, cid: expect.any(String) },
    });
  });

  it('writes the threadgate and the postgate at the post’s rkey, and langs and self-labels on the record', async () => {
    const { record, rkey, uri } = await published({
      content: `Only mentioned people may answer, @${bob.handle}`,
      platform_options: {
        bluesky: { reply_control: ['mentioned'], quotes_allowed: false, langs: ['en', 'pt-BR'], labels: ['graphic-media'] },
      },
    });
    expect(record.langs).toEqual(['en', 'pt-BR']);
    expect(record.labels).toEqual({ $type: 'com.atproto.label.defs#selfLabels', values: [{ val: 'graphic-media' }] });
    const [threadgate] = await gate('app.bsky.feed.threadgate', rkey);
    expect(threadgate.value).toMatchObject({ post: uri, allow: [{ $type: 'app.bsky.feed.threadgate#mentionRule' }] });
    expect(await gate('app.bsky.feed.threadgate', rkey)).toHaveLength(1);
    const [postgate] = await gate('app.bsky.feed.postgate', rkey);
    expect(postgate.value).toMatchObject({ post: uri, embeddingRules: [{ $type: 'app.bsky.feed.postgate#disableRule' }] });

    // Quotes of it are now refused at creation, by its postgate.
    const refused = await create({ content: 'Try to quote it', platform_options: { bluesky: { quote: uri } } });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'INVALID_FIELD', field: 'platform_options.bluesky.quote' });
    expect(refused.json.message).toContain('may not be quoted');
  });

  it('a draft’s quote is looked up when it goes out', async () => {
    const target = await bobPosts('Bob, quoted from a draft');
    const draft = await create({ content: 'Drafted quote', draft: true, platform_options: { bluesky: { quote: target.uri } } });
    expect(draft.status).toBe(201);
    const scheduled = await service.call('POST', `/posts/${draft.json.post.id}/schedule`, { key: account.apiKey, body: {} });
    expect(scheduled.status).toBe(200);
    const post = await eventually(
      async () => {
        const { json } = await service.call('GET', `/posts/${draft.json.post.id}`, { key: account.apiKey });
        expect(json.post.status).toBe('published');
        return json.post;
      },
      { timeoutMs: 15_000, intervalMs: 50 },
    );
    const rkey = String(post.results.bluesky.platform_post_id).split('/').pop()!;
    const record = (await alice.agent.com.atproto.repo.getRecord({ repo: alice.did, collection: 'app.bsky.feed.post', rkey })).data;
    expect((record.value as { embed?: unknown }).embed).toEqual({
      $type: 'app.bsky.embed.record',
      record: { uri: target.uri, cid: target.cid },
    });
  });

  it('nobody may reply: an empty allow list', async () => {
    const { rkey } = await published({ content: 'No replies please', platform_options: { bluesky: { reply_control: ['nobody'] } } });
    const [threadgate] = await gate('app.bsky.feed.threadgate', rkey);
    expect(threadgate.value).toMatchObject({ allow: [] });
  });

  it('refuses a reference to a post that does not exist, or is no post at all, before anything is written', async () => {
    for (const [name, reference] of [
      ['reply_to', `at://${bob.did}/app.bsky.feed.post/3zzzzzzzzzzzz`],
      ['quote', `https://bsky.app/profile/nobody-here.test/post/3zzzzzzzzzzzz`],
      ['quote', 'https://example.com/not-a-post'],
    ]) {
      const refused = await create({ content: 'Refused', platform_options: { bluesky: { [name]: reference } } });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ error: 'INVALID_FIELD', field: `platform_options.bluesky.${name}` });
    }
  });

  it('the preview shows the record fields the publisher writes, the references as sent (no platform call)', async () => {
    const root = { uri: `at://${bob.did}/app.bsky.feed.post/3zzzzzzzzzzzz` };
    const preview = await service.call('POST', '/posts/preview', {
      key: account.apiKey,
      body: {
        content: 'Previewed',
        platforms: ['bluesky'],
        platform_options: { bluesky: { quote: root.uri, reply_control: ['followers', 'following'], langs: ['de'] } },
      },
    });
    expect(preview.status).toBe(200);
    expect(preview.json.preview.bluesky.options).toEqual({
      quote: root.uri,
      langs: ['de'],
      threadgate_allow: ['app.bsky.feed.threadgate#followerRule', 'app.bsky.feed.threadgate#followingRule'],
      quotes_disabled: false,
    });
  });
});
