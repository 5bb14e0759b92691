import sharp from 'sharp';
import type { FakeLinkedIn } from '../fakes/fake-linkedin';
import { startConnectedPlatforms, type ConnectedPlatforms } from '../support/connected-platforms';
import { eventually } from '../support/eventually';
import { startPageServer, type PageServer } from '../support/page-server';
import type { PostRecord, TestPds, TestUser } from '../support/pds';
import type { TestService } from '../support/test-service';
import type { LocalMetricsRunner } from '../../local/metrics-runner';

/**
 * Tracked links end to end (docs/api.md, "Tracked links", "Settings"; issue 41): the account setting
 * turns tracking on, each http(s) link goes out on the real PDS and the fake LinkedIn as a short link
 * on this service, the Bluesky facet and card point at it with the original page's title and
 * thumbnail, GET /l/{code} redirects with UTM parameters (the link's own kept) and counts browsers
 * but not crawlers, and the clicks reach the post's metrics and the day's analytics.
 */
describe('tracked links (real PDS, fake LinkedIn)', () => {
  let world: ConnectedPlatforms;
  let pds: TestPds;
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let alice: TestUser;
  let apiKey: string;
  let pages: PageServer;
  let clock: { now(): Date; advance(ms: number): void };
  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

  beforeAll(async () => {
    world = await startConnectedPlatforms('links-member');
    ({ pds, linkedin, service, alice, apiKey } = world);
    pages = await startPageServer();
    const ports = await import('#shared/ports/clock');
    clock = ports.offsetClock();
    ports.useClock(clock);
  }, 120_000);
  afterAll(async () => {
    await pages?.stop();
    await world?.stop();
  });

  const read = async (postId: string) => (await service.call('GET', `/posts/${postId}`, { key: apiKey })).json.post;
  const publish = async (body: Record<string, unknown>) => {
    clock.advance(61_000); // LinkedIn's spacing between posts
    const response = await service.call('POST', '/posts', { key: apiKey, body: { platforms: ['linkedin', 'bluesky'], ...body } });
    expect(response.status).toBe(201);
    const id = response.json.post.id as string;
    return eventually(
      async () => {
        const answer = await read(id);
        if (['publishing', 'scheduled'].includes(answer.status)) throw new Error(`post ${id} still ${answer.status}`);
        return answer;
      },
      { timeoutMs: 20_000, intervalMs: 50 },
    );
  };
  const blueskyRecord = async (post: { results: { bluesky: { platform_post_id: string } } }): Promise<PostRecord> => {
    const record = (await pds.listPosts(alice.did)).find((one) => one.uri === post.results.bluesky.platform_post_id);
    if (!record) throw new Error('no Bluesky record');
    return record;
  };
  const linkedinBody = (post: { results: { linkedin: { platform_post_id: string } } }) => {
    const created = linkedin.createdPosts().filter((one) => one.urn === post.results.linkedin.platform_post_id);
    expect(created).toHaveLength(1);
    return created[0]!.body;
  };
  const shortLinks = (text: string): string[] => [...text.matchAll(/http:\/\/127\.0\.0\.1:\d+\/l\/[0-9A-Za-z]{12}/g)].map((m) => m[0]);
  const follow = (shortLink: string, userAgent?: string) =>
    service.call('GET', new URL(shortLink).pathname, { headers: userAgent ? { 'user-agent': userAgent } : {} });

  it('settings: defaults, then track_links and utm_campaign set (and validated)', async () => {
    const initial = await service.call('GET', '/settings', { key: apiKey });
    expect(initial.status).toBe(200);
    expect(initial.json).toEqual({ settings: { track_links: false, utm_campaign: null } });
    const bad = await service.call('PUT', '/settings', { key: apiKey, body: { utm_campaign: 'has spaces' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: 'INVALID_FIELD', field: 'utm_campaign' });
    const set = await service.call('PUT', '/settings', { key: apiKey, body: { track_links: true, utm_campaign: 'spring' } });
    expect(set.json).toEqual({ settings: { track_links: true, utm_campaign: 'spring' } });
    // A partial change keeps the rest.
    const partial = await service.call('PUT', '/settings', { key: apiKey, body: { track_links: true } });
    expect(partial.json).toEqual({ settings: { track_links: true, utm_campaign: 'spring' } });
    const cleared = await service.call('PUT', '/settings', { key: apiKey, body: { utm_campaign: null } });
    expect(cleared.json).toEqual({ settings: { track_links: true, utm_campaign: null } });
    await service.call('PUT', '/settings', { key: apiKey, body: { utm_campaign: 'spring' } });
    expect((await service.call('GET', '/settings', { key: apiKey })).json).toEqual({
      settings: { track_links: true, utm_campaign: 'spring' },
    });
  });

  let tracked: { id: string; bluesky: string[]; linkedin: string[] };

  it('publishes every http(s) link as a short link: Bluesky facet and card, LinkedIn commentary and article', async () => {
    pages.html(
      '/guide',
      `<!doctype html><html><head><meta property="og:title" content="The guide"><meta property="og:description" content="All of it">
      <meta property="og:image" content="/cover.png"></head><body>...</body></html>`,
    );
    const cover = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    pages.bytes('/cover.png', cover, 'image/png');
    const guide = pages.url('/guide');
    const docs = 'https://docs.example.com/start?utm_source=mine#top';
    const post = await publish({ content: `New guide: ${guide} and the docs ${docs} (and example.org stays as written)` });
    expect(post.status).toBe('published');
    expect(post.track_links).toBeUndefined(); // it followed the account's setting

    const record = await blueskyRecord(post);
    const blueskyLinks = shortLinks(record.value.text);
    expect(blueskyLinks).toHaveLength(2);
    expect(record.value.text).not.toContain(guide);
    expect(record.value.text).toContain('example.org stays as written');
    const facetUris = (record.value.facets as { features: { uri?: string }[] }[]).flatMap((facet) => facet.features.map((f) => f.uri));
    expect(facetUris).toEqual(expect.arrayContaining(blueskyLinks));
    expect(record.value.embed).toMatchObject({
      $type: 'app.bsky.embed.external',
      external: { uri: blueskyLinks[0], title: 'The guide', description: 'All of it', thumb: { mimeType: expect.any(String) } },
    });

    const body = linkedinBody(post);
    const linkedinLinks = shortLinks(body.commentary);
    expect(linkedinLinks).toHaveLength(2);
    expect(body.content.article).toMatchObject({
      source: linkedinLinks[0],
      title: 'The guide',
      thumbnail: expect.stringMatching(/^urn:li:image:/),
    });
    // One code per (post, platform, link): the platforms' codes differ, each platform's two differ.
    expect(new Set([...blueskyLinks, ...linkedinLinks]).size).toBe(4);
    tracked = { id: post.id, bluesky: blueskyLinks, linkedin: linkedinLinks };

    // A retry or a second run finds the codes made before: the same text goes out.
    const { trackPostLinks } = await import('#shared/use-cases/links/track-post-links');
    const { getPostItem } = await import('#shared/store/posts');
    const stored = (await getPostItem(post.id))!;
    const again = await trackPostLinks(stored, 'bluesky', stored.content, undefined);
    expect(shortLinks(again.content)).toEqual(blueskyLinks);
  }, 60_000);

  it('redirects with the UTM parameters per platform, keeping the link’s own; never cached', async () => {
    const guide = pages.url('/guide');
    const toGuide = await follow(tracked.bluesky[0]!, BROWSER);
    expect(toGuide.status).toBe(302);
    expect(toGuide.headers.get('location')).toBe(`${guide}?utm_source=bluesky&utm_medium=social&utm_campaign=spring`);
    expect(toGuide.headers.get('cache-control')).toBe('no-store');
    // LinkedIn's own fetcher: redirected the same, not counted.
    const onLinkedIn = await follow(
      tracked.linkedin[0]!,
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    );
    expect(onLinkedIn.headers.get('location')).toBe(`${guide}?utm_source=linkedin&utm_medium=social&utm_campaign=spring`);
    const toDocs = await follow(tracked.bluesky[1]!, BROWSER);
    expect(toDocs.headers.get('location')).toBe('https://docs.example.com/start?utm_source=mine&utm_medium=social&utm_campaign=spring#top');
  });

  it('counts 10 browser clicks and not 3 crawler fetches: clicks 10 in the post and in the day', async () => {
    // Two browser clicks were made above, both on Bluesky's links.
    for (let i = 0; i < 8; i += 1) expect((await follow(tracked.bluesky[i % 2]!, BROWSER)).status).toBe(302);
    for (const crawler of [
      'Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Twitterbot/1.0',
    ]) {
      expect((await follow(tracked.bluesky[0]!, crawler)).status).toBe(302);
    }
    const refreshed = await service.call('POST', `/posts/${tracked.id}/metrics/refresh`, { key: apiKey });
    expect(refreshed.status).toBe(202);
    const { metricsQueue } = await import('#shared/ports/registry');
    await ((await metricsQueue()) as unknown as LocalMetricsRunner).settle();
    const post = await read(tracked.id);
    expect(post.results.bluesky.metrics.clicks).toBe(10);
    expect(post.results.linkedin.metrics.clicks).toBe(0);
    const day = clock.now().toISOString().slice(0, 10);
    const analytics = await service.call('GET', `/analytics?from=${day}&to=${day}`, { key: apiKey });
    expect(analytics.status).toBe(200);
    expect(analytics.json.analytics.days[0]).toMatchObject({ date: day, posts: 1, clicks: 10 });
    const onLinkedInOnly = await service.call('GET', `/analytics?from=${day}&to=${day}&platform=linkedin`, { key: apiKey });
    expect(onLinkedInOnly.json.analytics.days[0].clicks).toBe(0);
  }, 30_000);

  it('answers an unknown or malformed code 404 with a plain page, not JSON', async () => {
    for (const path of ['/l/AAAAAAAAAAAA', '/l/short', '/l/not-a-code!!']) {
      const answer = await service.call('GET', path, { headers: { 'user-agent': BROWSER } });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.text).toContain('Link not found');
      expect(answer.json).toBeUndefined();
    }
  });

  it('replies the first comment under a tracked post (found again by its rewritten text)', async () => {
    const post = await publish({
      content: 'Thread with a link: https://docs.example.com/thread',
      first_comment: 'More below',
      track_links: true,
    });
    expect(post.track_links).toBe(true);
    expect(post.results.bluesky.first_comment).toMatchObject({ status: 'published' });
    expect(post.results.linkedin.first_comment).toMatchObject({ status: 'published' });
    expect(shortLinks((await blueskyRecord(post)).value.text)).toHaveLength(1);
  }, 60_000);

  it('leaves the links of a post with track_links: false as written', async () => {
    const post = await publish({ content: 'Untracked: https://docs.example.com/untracked', track_links: false });
    expect(post.track_links).toBe(false);
    expect((await blueskyRecord(post)).value.text).toBe('Untracked: https://docs.example.com/untracked');
    expect(linkedinBody(post).commentary).toContain('https://docs.example.com/untracked');
  }, 60_000);
});
