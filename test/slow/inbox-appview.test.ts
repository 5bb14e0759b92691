import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RichText } from '@atproto/api';
import { startAppViewNetwork, type AppViewNetwork } from '../support/appview';
import { alive, ChildServices, type ChildService } from '../support/child-service';
import { eventually } from '../support/eventually';
import { schedulerSettled } from '../support/scheduler-settled';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';

/**
 * The inbox against a real PDS and a real AppView (issue 40 acceptance; the AppView of
 * docs/decisions/0049-metrics-a-real-appview-in-tests.md): two other accounts reply to our
 * two-part thread (one on its second part), a third mentions us and a fourth quotes us; one
 * collection gives exactly those four items with the right post_id, a second adds none. A reply
 * from the API is on the PDS once with the thread's root and the item as parent, also when the
 * service is SIGKILLed between the platform call and its record (a child process, restarted on
 * the same store: the round that runs at start takes the reply over after its lease and finds it
 * on the PDS under its derived record key).
 */
const LEASE_MS = 10_000;

interface PostRecord {
  uri: string;
  cid: string;
  value: { text?: string; reply?: { root: { uri: string; cid: string }; parent: { uri: string; cid: string } } };
}

describe('inbox (real PDS and AppView)', () => {
  let network: AppViewNetwork;
  let service: TestService;
  let apiKey: string;
  let alice: Awaited<ReturnType<AppViewNetwork['createUser']>>;
  let clock: { advance(ms: number): void };
  const services = new ChildServices();

  beforeAll(async () => {
    network = await startAppViewNetwork();
    service = await startTestService({
      BLUESKY_SERVICE_URL: network.pdsUrl,
      BLUESKY_APPVIEW_URL: network.appViewUrl,
      PUBLISH_RETRY_BASE_MS: '1',
    });
    const ports = await import('#shared/ports/clock');
    clock = ports.offsetClock();
    ports.useClock(clock as never);
    alice = await network.createUser('alice');
    registerSecret(alice.appPassword);
    ({ apiKey } = await service.createAccount({ plan: 'pro' }));
    registerSecret(apiKey);
    const connected = await service.call('POST', '/profiles/bluesky', {
      key: apiKey,
      body: { handle: alice.handle, app_password: alice.appPassword },
    });
    expect(connected.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    (await import('#shared/ports/clock')).useClock();
    await services.cleanup();
    await service?.stop();
    await network?.stop();
  });

  const records = async (did: string): Promise<PostRecord[]> =>
    (await alice.agent.com.atproto.repo.listRecords({ repo: did, collection: 'app.bsky.feed.post', limit: 100 })).data
      .records as PostRecord[];

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>;

  async function publishThread(call: Call, settle: () => Promise<void>) {
    const paragraph = 'The inbox, from a real AppView. '.repeat(7).trim();
    const created = await call('POST', '/posts', { content: `${paragraph}\n\n${paragraph} Part two.`, platforms: ['bluesky'] });
    expect(created.status).toBe(201);
    await settle();
    const post = await eventually(
      async () => {
        const answer = (await call('GET', `/posts/${created.json.post.id as string}`)).json.post;
        expect(answer.status).toBe('published');
        return answer;
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    // The thread's parts as the PDS holds them: the first (the post's URI) and the one that replies to it.
    const all = await records(alice.did);
    const firstUri = post.results.bluesky.platform_post_id as string;
    const parts = [all.find((record) => record.uri === firstUri)!, all.find((record) => record.value.reply?.parent.uri === firstUri)!];
    return { post, parts: parts.map((part) => ({ uri: part.uri, cid: part.cid })) };
  }

  const api = (method: string, path: string, body?: unknown) =>
    service.call(method, path, { key: apiKey, ...(body === undefined ? {} : { body }) });

  it('collects exactly the two replies, the mention and the quote once, each with the right post_id; a reply is on the PDS once with the right root and parent', async () => {
    const { post, parts } = await publishThread(api, schedulerSettled);
    expect(parts).toHaveLength(2);
    const [first, second] = parts as [{ uri: string; cid: string }, { uri: string; cid: string }];
    const bob = await network.createUser('bob');
    const carol = await network.createUser('carol');
    const dave = await network.createUser('dave');
    const erin = await network.createUser('erin');
    await bob.agent.post({ text: 'Replying to the first part', reply: { root: first, parent: first } });
    await carol.agent.post({ text: 'Replying to the second part', reply: { root: first, parent: second } });
    const mention = new RichText({ text: `Have you seen what @${alice.handle} built?` });
    await mention.detectFacets(dave.agent);
    await dave.agent.post({ text: mention.text, facets: mention.facets });
    await erin.agent.post({ text: 'Quoting this', embed: { $type: 'app.bsky.embed.record', record: first } });
    await network.processAll();

    const refreshed = await api('POST', '/inbox/refresh');
    expect(refreshed.status).toBe(202);
    expect(refreshed.json).toEqual({ received: 4 });
    const items = (await api('GET', '/inbox')).json.items as {
      id: string;
      type: string;
      post_id: string | null;
      text: string;
      author: { handle: string };
    }[];
    expect(items.map(({ type, post_id: postId, text }) => ({ type, postId, text })).sort((a, b) => a.text.localeCompare(b.text))).toEqual(
      [
        { type: 'mention', postId: null, text: mention.text },
        { type: 'quote', postId: post.id, text: 'Quoting this' },
        { type: 'reply', postId: post.id, text: 'Replying to the first part' },
        { type: 'reply', postId: post.id, text: 'Replying to the second part' },
      ].sort((a, b) => a.text.localeCompare(b.text)),
    );
    clock.advance(61_000);
    expect((await api('POST', '/inbox/refresh')).json).toEqual({ received: 0 });
    expect((await api('GET', '/inbox')).json.items).toHaveLength(4);

    const toCarol = items.find((item) => item.text === 'Replying to the second part')!;
    const carolPost = (await records(carol.did))[0]!;
    const replied = await api('POST', `/inbox/${toCarol.id}/reply`, {
      content: `Thanks @${carol.handle}! More at https://example.com/inbox #inbox`,
    });
    expect(replied.status).toBe(202);
    expect(replied.json.item).toMatchObject({ status: 'answered', reply: { status: 'published', error: null } });
    const ours = (await records(alice.did)).filter((record) => record.value.reply?.parent.uri === carolPost.uri);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.value).toMatchObject({ reply: { root: first, parent: { uri: carolPost.uri, cid: carolPost.cid } } });
    const facets = (ours[0]!.value as { facets?: { features: { $type: string }[] }[] }).facets ?? [];
    expect(facets.flatMap((facet) => facet.features.map((feature) => feature.$type)).sort()).toEqual([
      'app.bsky.richtext.facet#link',
      'app.bsky.richtext.facet#mention',
      'app.bsky.richtext.facet#tag',
    ]);
  }, 90_000);

  it('a reply killed between the platform call and its record is on the PDS once after a restart', async () => {
    const dataDir = services.track(mkdtempSync(join(tmpdir(), 'sps-inbox-crash-')));
    const start = (crashAt: string, roundMs = 0): Promise<ChildService> =>
      services.start({
        script: 'test/support/crash-inbox-service.ts',
        env: {
          DATA_DIR: dataDir,
          LOG_LEVEL: 'WARN',
          BLUESKY_SERVICE_URL: network.pdsUrl,
          PUBLISH_CLAIM_LEASE_MS: String(LEASE_MS),
          PUBLISH_RETRY_BASE_MS: '1',
          RATE_LIMIT_REQUESTS: '100000',
          CRASH_AT: crashAt,
          INBOX_ROUND_MS: String(roundMs),
        },
        unset: ['DYNAMODB_ENDPOINT', 'TABLE_NAME', 'PUBLIC_BASE_URL'],
        ready: /READY \d+/,
        detached: true,
      });
    const first = await start('record');
    const key = /api key: (sk_[A-Za-z0-9_-]{43})/.exec(first.output())![1]!;
    registerSecret(key);
    const callOn = (child: ChildService) => async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${child.baseUrl}${path}`, {
        method,
        headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : undefined };
    };
    const call = callOn(first);
    expect((await call('POST', '/profiles/bluesky', { handle: alice.handle, app_password: alice.appPassword })).status).toBe(201);
    const { parts } = await publishThread(call, async () => undefined);
    const frank = await network.createUser('frank');
    await frank.agent.post({ text: 'Will it survive a crash?', reply: { root: parts[0]!, parent: parts[0]! } });
    await network.processAll();
    // A new store: frank's reply (and, when the first test ran, its four).
    expect((await call('POST', '/inbox/refresh')).json.received).toBeGreaterThanOrEqual(1);
    const item = ((await call('GET', '/inbox')).json.items as { id: string; text: string }[]).find(
      (one) => one.text === 'Will it survive a crash?',
    )!;
    expect(item).toBeDefined();
    const framed = (await records(frank.did))[0]!;

    const content = 'It did, once.';
    const hanging = call('POST', `/inbox/${item.id}/reply`, { content }).catch(() => undefined);
    await first.waitForOutput(/CRASH_POINT inbox-reply/, 30_000, () => 'the crash point was not reached');
    process.kill(first.servicePid, 'SIGKILL');
    await first.exited();
    expect(alive(first.servicePid)).toBe(false);
    await hanging;
    const repliesToFrank = async () => (await records(alice.did)).filter((record) => record.value.reply?.parent.uri === framed.uri);
    expect(await repliesToFrank()).toHaveLength(1);

    // The killed run's claim is taken over by a collection round once its lease has passed (rounds every second here).
    const second = await start('', 1_000);
    const after = await eventually(
      async () => {
        const answer = (await callOn(second)('GET', `/inbox/${item.id}`)).json.item;
        expect(answer.reply.status).toBe('published');
        return answer;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(after.status).toBe('answered');
    const replies = await repliesToFrank();
    expect(replies).toHaveLength(1);
    expect(replies[0]!.value).toMatchObject({ text: content, reply: { root: parts[0], parent: { uri: framed.uri, cid: framed.cid } } });
  }, 120_000);
});
