import { startAppViewNetwork, type AppViewNetwork } from '../support/appview';
import { schedulerSettled } from '../support/scheduler-settled';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import type { LocalMetricsRunner } from '../../local/metrics-runner';

/**
 * Bluesky metrics against a real AppView (issue 30; docs/decisions/0049-metrics-a-real-appview-in-tests.md): a thread of two parts published on the real PDS, liked, reposted, quoted and replied to
 * by other accounts, indexed by the AppView; a refresh reads the figures back with
 * app.bsky.feed.getPosts and sums the parts (the thread's own reply left out). A second refresh
 * within 5 minutes is 429 with retry_after.
 */
describe('Bluesky metrics (real PDS and AppView)', () => {
  let network: AppViewNetwork;
  let service: TestService;
  let apiKey: string;

  beforeAll(async () => {
    network = await startAppViewNetwork();
    service = await startTestService({
      BLUESKY_SERVICE_URL: network.pdsUrl,
      BLUESKY_APPVIEW_URL: network.appViewUrl,
      PUBLISH_RETRY_BASE_MS: '1',
    });
    const alice = await network.createUser('alice');
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
    await service?.stop();
    await network?.stop();
  });

  it('shows likes, reposts, quotes and replies by other accounts in results.bluesky.metrics after a refresh; a second refresh within 5 minutes is 429', async () => {
    const paragraph = 'Metrics from a real AppView. '.repeat(8).trim();
    const content = `${paragraph}\n\n${paragraph}`;
    const created = await service.call('POST', '/posts', { key: apiKey, body: { content, platforms: ['bluesky'] } });
    expect(created.status).toBe(201);
    await schedulerSettled();
    const post = (await service.call('GET', `/posts/${created.json.post.id}`, { key: apiKey })).json.post;
    expect(post.status).toBe('published');
    expect(post.results.bluesky.metrics).toBeNull();

    // The thread's parts as the PDS holds them (the second answers the first).
    const did = post.results.bluesky.platform_post_id.split('/')[2];
    const reader = (await network.createUser('reader')).agent;
    const records = (await reader.com.atproto.repo.listRecords({ repo: did, collection: 'app.bsky.feed.post' })).data.records;
    expect(records).toHaveLength(2);
    const parts = records.sort((a, b) => a.uri.localeCompare(b.uri));
    expect(parts[0]!.uri).toBe(post.results.bluesky.platform_post_id);
    const [first, second] = parts.map((record) => ({ uri: record.uri, cid: record.cid }));

    const bob = (await network.createUser('bob')).agent;
    const carol = (await network.createUser('carol')).agent;
    await bob.like(first!.uri, first!.cid);
    await bob.repost(first!.uri, first!.cid);
    await carol.like(second!.uri, second!.cid);
    await carol.post({ text: 'Well said', reply: { root: first!, parent: second! } });
    await carol.post({ text: 'Quoting this', embed: { $type: 'app.bsky.embed.record', record: first! } });
    await network.processAll();

    const refreshed = await service.call('POST', `/posts/${post.id}/metrics/refresh`, { key: apiKey });
    expect(refreshed.status).toBe(202);
    expect(refreshed.json.post).toMatchObject({ id: post.id, status: 'published' });
    const { metricsQueue } = await import('#shared/ports/registry');
    await ((await metricsQueue()) as unknown as LocalMetricsRunner).settle();

    const metrics = (await service.call('GET', `/posts/${post.id}`, { key: apiKey })).json.post.results.bluesky.metrics;
    expect(metrics).toEqual({ likes: 2, reposts: 1, replies: 1, quotes: 1, impressions: null, collected_at: expect.any(String) });

    const again = await service.call('POST', `/posts/${post.id}/metrics/refresh`, { key: apiKey });
    expect(again.status).toBe(429);
    expect(again.json).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', retry_after: expect.any(Number) });
    expect(again.json.retry_after).toBeGreaterThan(0);
    expect(again.json.retry_after).toBeLessThanOrEqual(300);
    expect(again.headers.get('retry-after')).toBe(String(again.json.retry_after));
  }, 60_000);
});
