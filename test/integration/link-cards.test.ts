import sharp from 'sharp';
import type { FakeLinkedIn } from '../fakes/fake-linkedin';
import { startConnectedPlatforms, type ConnectedPlatforms } from '../support/connected-platforms';
import { startPageServer, type PageServer } from '../support/page-server';
import type { PostRecord, TestPds, TestUser } from '../support/pds';
import type { TestService } from '../support/test-service';
import { eventually } from '../support/eventually';

/**
 * Link cards end to end (docs/api.md, "Per-platform text, preview and link cards"): pages served on this machine, the real PDS and
 * the fake LinkedIn. A link to a page with Open Graph metadata gets a card on both platforms,
 * its thumbnail a blob of at most 1,000,000 bytes on Bluesky and an Images API upload on
 * LinkedIn; a page that cannot give a card (a redirect inside, no answer) costs the post at
 * most the 5 s budget and publishes it without one.
 */
describe('link cards', () => {
  let world: ConnectedPlatforms;
  let pds: TestPds;
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let alice: TestUser;
  let apiKey: string;
  let pages: PageServer;
  let clock: { now(): Date; advance(ms: number): void };
  let photo: Buffer;

  beforeAll(async () => {
    world = await startConnectedPlatforms('cards-member');
    ({ pds, linkedin, service, alice, apiKey } = world);
    pages = await startPageServer();
    const ports = await import('#shared/ports/clock');
    // Real time moved ahead a minute per post: the LinkedIn spacing rule holds between posts.
    clock = ports.offsetClock();
    ports.useClock(clock);
    // A 4000x3000 photo with EXIF, about 6.8 MB: the thumbnail must shrink it and strip the metadata.
    const width = 4000;
    const height = 3000;
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const index = (y * width + x) * 3;
        const grain = ((index * 2654435761) >>> 24) & 0x3f;
        [pixels[index], pixels[index + 1], pixels[index + 2]] = [
          (x / 16 + grain) & 255,
          (y / 12 + grain) & 255,
          ((x + y) / 28 + grain) & 255,
        ];
      }
    }
    photo = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .withExif({ IFD0: { Make: 'Camera', ImageDescription: 'GPSLatitude 48.8584 N' } })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(5_000_000); // about 6.8 MB
  }, 120_000);
  afterAll(async () => {
    await pages?.stop();
    await world?.stop();
  });

  const read = async (postId: string) => (await service.call('GET', `/posts/${postId}`, { key: apiKey })).json.post;
  /** Publishes now on both platforms and waits for the final status; returns the post and how long it took. */
  const publish = async (body: Record<string, unknown>) => {
    clock.advance(61_000);
    const started = Date.now();
    const response = await service.call('POST', '/posts', { key: apiKey, body: { platforms: ['linkedin', 'bluesky'], ...body } });
    expect(response.status).toBe(201);
    const id = response.json.post.id as string;
    const post = await eventually(
      async () => {
        const answer = await read(id);
        if (['publishing', 'scheduled'].includes(answer.status)) throw new Error(`post ${id} still ${answer.status}`);
        return answer;
      },
      { timeoutMs: 20_000 - (Date.now() - started), intervalMs: 50 },
    );
    return { post, elapsedMs: Date.now() - started };
  };
  const blueskyRecord = async (post: { results: { bluesky: { platform_post_id: string } } }): Promise<PostRecord> => {
    const records = await pds.listPosts(alice.did);
    const record = records.find((one) => one.uri === post.results.bluesky.platform_post_id);
    if (!record) throw new Error('no Bluesky record');
    return record;
  };
  const linkedinPost = (post: { results: { linkedin: { platform_post_id: string } } }) => {
    const created = linkedin.createdPosts().filter((one) => one.urn === post.results.linkedin.platform_post_id);
    expect(created).toHaveLength(1);
    return created[0];
  };
  const blob = async (cid: string): Promise<Buffer> => {
    const response = await fetch(`${pds.url}/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(alice.did)}&cid=${cid}`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('shows a page with og:title, og:description and og:image as a card on both platforms, once', async () => {
    pages.html(
      '/launch',
      `<!doctype html><html><head>
      <meta property="og:title" content="Launch &amp; learn: v2 &#8212; &quot;finally&quot;">
      <meta property="og:description" content="What changed, and why it took a year">
      <meta property="og:image" content="/cover.jpg">
      <title>ignored</title></head><body>...</body></html>`,
    );
    pages.bytes('/cover.jpg', photo, 'image/jpeg');
    const link = pages.url('/launch');
    const { post } = await publish({ content: `Our launch post: ${link} #launch` });
    expect(post.status).toBe('published');
    expect(post.link_preview).toBe(true);
    const title = 'Launch & learn: v2 \u2014 "finally"';
    const description = 'What changed, and why it took a year';

    const record = await blueskyRecord(post);
    expect(record.value.embed).toMatchObject({
      $type: 'app.bsky.embed.external',
      external: { uri: link, title, description, thumb: { mimeType: 'image/jpeg' } },
    });
    // The record's blob reference (a BlobRef: its CID in `ref`), read back from the PDS.
    const thumb = await blob(String(record.value.embed.external.thumb.ref));
    expect(thumb.length).toBeLessThanOrEqual(1_000_000);
    expect(record.value.embed.external.thumb.size).toBe(thumb.length);
    const metadata = await sharp(thumb).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg' });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.width! / metadata.height!).toBeCloseTo(4 / 3, 2);

    const sent = linkedinPost(post);
    expect(sent.body.content).toEqual({
      article: { source: link, title, description, thumbnail: expect.stringMatching(/^urn:li:image:/) },
    });
    const image = linkedin.images().get(sent.body.content.article.thumbnail);
    expect(image?.owner).toBe('urn:li:person:cards-member');
    expect(image?.bytes?.length).toBeLessThanOrEqual(1_000_000);
    expect((await sharp(image!.bytes!).metadata()).exif).toBeUndefined();
    // One page fetch and one image fetch for both platforms.
    expect(pages.requested().filter((path) => path === '/launch')).toHaveLength(1);
    expect(pages.requested().filter((path) => path === '/cover.jpg')).toHaveLength(1);
  }, 60_000);

  it('uses the first link only, and turns cards off with link_preview: false', async () => {
    pages.html('/first', '<head><meta property="og:title" content="First"></head>');
    pages.html('/second', '<head><meta property="og:title" content="Second"></head>');
    const { post } = await publish({ content: `one ${pages.url('/first')} two ${pages.url('/second')}` });
    expect((await blueskyRecord(post)).value.embed.external).toEqual({ uri: pages.url('/first'), title: 'First', description: '' });
    expect(linkedinPost(post).body.content).toEqual({ article: { source: pages.url('/first'), title: 'First' } });
    expect(pages.requested()).not.toContain('/second');

    pages.html('/off', '<head><meta property="og:title" content="Off"></head>');
    const off = await publish({ content: `no card for ${pages.url('/off')}`, link_preview: false });
    expect(off.post.status).toBe('published');
    expect(off.post.link_preview).toBe(false);
    expect((await blueskyRecord(off.post)).value.embed).toBeUndefined();
    expect(linkedinPost(off.post).body.content).toBeUndefined();
    expect(pages.requested()).not.toContain('/off');
  }, 60_000);

  it('makes a card without a thumbnail from a non-UTF-8 page without og:image', async () => {
    pages.html(
      '/latin',
      Buffer.concat([
        Buffer.from('<html><head><title>Caf'),
        Buffer.from([0xe9, 0x20, 0x93]),
        Buffer.from('Noir'),
        Buffer.from([0x94]),
        Buffer.from('</title><meta name="description" content="Men'),
        Buffer.from([0xfc]),
        Buffer.from('"></head></html>'),
      ]),
      'text/html; charset=windows-1252',
    );
    const { post } = await publish({ content: `lunch at ${pages.url('/latin')}` });
    const expected = { uri: pages.url('/latin'), title: 'Café \u201cNoir\u201d', description: 'Menü' };
    expect((await blueskyRecord(post)).value.embed.external).toEqual(expected);
    expect(linkedinPost(post).body.content).toEqual({
      article: { source: expected.uri, title: expected.title, description: expected.description },
    });
  }, 60_000);

  it('reads the metadata from the first megabyte of a 10 MB page', async () => {
    pages.on('/huge', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.write('<html><head><meta property="og:title" content="Huge page"></head><body>');
      const filler = `<p>${'x'.repeat(1020)}</p>`;
      let written = 0;
      const pump = () => {
        while (written < 10 * 1024 * 1024) {
          written += filler.length;
          if (!response.write(filler)) return void response.once('drain', pump);
        }
        response.end('</body></html>');
      };
      response.on('close', () => void (written = Infinity));
      pump();
    });
    const { post } = await publish({ content: `big ${pages.url('/huge')}` });
    expect((await blueskyRecord(post)).value.embed.external).toMatchObject({ uri: pages.url('/huge'), title: 'Huge page' });
  }, 60_000);

  it('publishes without a card within 6 s when the page redirects to a private address or never answers', async () => {
    pages.redirect('/to-private', 'http://169.254.169.254/latest/meta-data/');
    pages.redirect('/to-private-name', 'http://10.20.30.40/admin');
    pages.hang('/never');
    for (const path of ['/to-private', '/to-private-name', '/never']) {
      const { post, elapsedMs } = await publish({ content: `see ${pages.url(path)}` });
      expect(post.status).toBe('published');
      expect(elapsedMs).toBeLessThan(6_000);
      expect((await blueskyRecord(post)).value.embed).toBeUndefined();
      expect(linkedinPost(post).body.content).toBeUndefined();
    }
  }, 60_000);

  it('keeps the card but drops a thumbnail that is not an image or points inside', async () => {
    pages.html('/bad-image', '<head><meta property="og:title" content="Bad image"><meta property="og:image" content="/fake.jpg"></head>');
    pages.bytes('/fake.jpg', Buffer.from('<html>not a picture</html>'), 'image/jpeg');
    pages.html(
      '/inside-image',
      '<head><meta property="og:title" content="Inside image"><meta property="og:image" content="http://169.254.169.254/x.png"></head>',
    );
    for (const [path, title] of [
      ['/bad-image', 'Bad image'],
      ['/inside-image', 'Inside image'],
    ]) {
      const { post } = await publish({ content: `look ${pages.url(path)}` });
      expect((await blueskyRecord(post)).value.embed.external).toEqual({ uri: pages.url(path), title, description: '' });
      expect(linkedinPost(post).body.content).toEqual({ article: { source: pages.url(path), title } });
    }
  }, 60_000);
});
