import type { FakeLinkedIn } from '../fakes/fake-linkedin';
import { startConnectedPlatforms, type ConnectedPlatforms } from '../support/connected-platforms';
import { photo, smallJpeg } from '../support/images';
import { startPageServer, type PageServer } from '../support/page-server';
import type { TestPds, TestUser } from '../support/pds';
import type { TestService } from '../support/test-service';
import { eventually } from '../support/eventually';

/**
 * Lateness for every kind of post (issue 37, item 2; docs/decisions/0191-link-cards-prepared-before-the-due-time.md):
 * a scheduled post's link card (page, image, thumbnail) is made before its time, when the local
 * scheduler runs the preparation AWS's release step sends, and an image post publishes the
 * variants made at media completion. From the due time to the platforms' answers the page server
 * sees no request at all: the publisher's way from the due time to its first platform call makes
 * no outbound fetch and no resize (a thumbnail needs the image it would have fetched).
 */
describe('link cards and images ready before the due time', () => {
  let world: ConnectedPlatforms;
  let pds: TestPds;
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let alice: TestUser;
  let apiKey: string;
  let pages: PageServer;
  let clock: { now(): Date; advance(ms: number): void };

  beforeAll(async () => {
    world = await startConnectedPlatforms('prepared-cards-member');
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
  /** Creates a post due ten minutes ahead (clock port) on both platforms; returns its id and due time. */
  const schedule = async (body: Record<string, unknown>) => {
    clock.advance(61_000);
    const dueAt = new Date(clock.now().getTime() + 10 * 60_000);
    const response = await service.call('POST', '/posts', {
      key: apiKey,
      body: { platforms: ['linkedin', 'bluesky'], scheduled_for: dueAt.toISOString(), ...body },
    });
    expect(response.status).toBe(201);
    expect(response.json.post.status).toBe('scheduled');
    return { id: response.json.post.id as string, dueAt };
  };
  /** Moves the clock to the due time and waits for the final status; returns the post. */
  const reachDueTime = async (id: string, dueAt: Date) => {
    clock.advance(dueAt.getTime() - clock.now().getTime());
    return eventually(
      async () => {
        const answer = await read(id);
        if (['publishing', 'scheduled'].includes(answer.status)) throw new Error(`post ${id} still ${answer.status}`);
        return answer;
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
  };
  const prepared = async (id: string, link: string) => {
    const { objectStorage } = await import('#shared/ports/registry');
    const { preparedCardKey } = await import('#shared/use-cases/link-card-prep');
    return (await objectStorage()).read(preparedCardKey(id, link), 2_000_000);
  };

  it('makes a link card with its thumbnail before the due time, and fetches nothing from then to the platform calls', async () => {
    pages.html(
      '/prepared',
      `<!doctype html><html><head>
      <meta property="og:title" content="Prepared ahead">
      <meta property="og:description" content="Fetched before the post's time">
      <meta property="og:image" content="/prepared.jpg">
      </head><body>...</body></html>`,
    );
    pages.bytes('/prepared.jpg', await photo(2400, 1600), 'image/jpeg');
    const link = pages.url('/prepared');
    const { id, dueAt } = await schedule({ content: `Out soon: ${link}` });
    expect(pages.requested()).toEqual([]);

    // The release step's minute: the preparation runs (AWS: the release schedule fires 1-3 minutes ahead).
    clock.advance(9 * 60_000);
    const stored = await eventually(
      async () => {
        const bytes = await prepared(id, link);
        if (!bytes) throw new Error('card not prepared yet');
        return JSON.parse(bytes.toString('utf8'));
      },
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    expect(stored.card).toMatchObject({ url: link, title: 'Prepared ahead', thumbnail: { width: expect.any(Number) } });
    const fetchedBeforeDue = pages.requested();
    expect(fetchedBeforeDue).toEqual(['/prepared', '/prepared.jpg']);
    const linkedinBefore = linkedin.receivedPosts().length;

    const post = await reachDueTime(id, dueAt);
    expect(post.status).toBe('published');
    // Nothing fetched from the due time on: no page, no image, so no resize either.
    expect(pages.requested()).toEqual(fetchedBeforeDue);
    const created = linkedin.receivedPosts().slice(linkedinBefore);
    expect(created).toHaveLength(1);
    expect(created[0].body.content.article).toMatchObject({ source: link, title: 'Prepared ahead' });
    expect(created[0].body.content.article.thumbnail).toMatch(/^urn:li:image:/);
    const record = (await pds.listPosts(alice.did)).find((one) => one.uri === post.results.bluesky.platform_post_id);
    expect(record?.value.embed).toMatchObject({
      $type: 'app.bsky.embed.external',
      external: { uri: link, title: 'Prepared ahead', thumb: { mimeType: 'image/jpeg' } },
    });
  }, 90_000);

  it('keeps "no card" for a page that gives none, and publishes without one, fetching nothing at the due time', async () => {
    const link = pages.url('/missing-page');
    const before = pages.requested().length;
    const { id, dueAt } = await schedule({ content: `Gone: ${link}` });
    clock.advance(9 * 60_000);
    await eventually(
      async () => {
        if (!(await prepared(id, link))) throw new Error('not prepared yet');
      },
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    const fetchedBeforeDue = pages.requested().length;
    expect(fetchedBeforeDue).toBe(before + 1);
    const post = await reachDueTime(id, dueAt);
    expect(post.status).toBe('published');
    expect(pages.requested()).toHaveLength(fetchedBeforeDue);
    const record = (await pds.listPosts(alice.did)).find((one) => one.uri === post.results.bluesky.platform_post_id);
    expect(record?.value.embed).toBeUndefined();
  }, 90_000);

  it('publishes an image post from the variants made at media completion, with no outbound fetch', async () => {
    const bytes = await smallJpeg(640, 480);
    const created = await service.call('POST', '/media', {
      key: apiKey,
      body: { content_type: 'image/jpeg', size_bytes: bytes.length, alt_text: 'A small test image' },
    });
    expect(created.status).toBe(201);
    const put = await fetch(created.json.upload.url, { method: 'PUT', headers: created.json.upload.headers, body: bytes });
    expect(put.status).toBe(200);
    expect((await service.call('POST', `/media/${created.json.media.id}/complete`, { key: apiKey })).status).toBe(200);

    const before = pages.requested().length;
    const link = pages.url('/image-post-link');
    const { id, dueAt } = await schedule({ content: `A picture, and a link that gets no card: ${link}`, media: [created.json.media.id] });
    clock.advance(9 * 60_000);
    const post = await reachDueTime(id, dueAt);
    expect(post.status).toBe('published');
    // The images take the card's place: no page is fetched, before or after the due time.
    expect(pages.requested()).toHaveLength(before);
    expect(await prepared(id, link)).toBeUndefined();
    const record = (await pds.listPosts(alice.did)).find((one) => one.uri === post.results.bluesky.platform_post_id);
    expect(record?.value.embed?.$type).toBe('app.bsky.embed.images');
  }, 90_000);
});
