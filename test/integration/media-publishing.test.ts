import sharp from 'sharp';
import type { FakeLinkedIn } from '../fakes/fake-linkedin';
import { startConnectedPlatforms, type ConnectedPlatforms } from '../support/connected-platforms';
import { hasGpsIfd, photo, smallJpeg } from '../support/images';
import type { TestPds, TestUser } from '../support/pds';
import type { TestService } from '../support/test-service';
import { eventually } from '../support/eventually';

/**
 * Images end to end (issue 15's acceptance): a 6 MB, 4000x3000 JPEG with GPS EXIF posted to both
 * platforms with alt text reaches Bluesky (the real PDS) as an images embed with alt and aspect
 * ratio, its blob at most 1,000,000 bytes without EXIF, and LinkedIn (the fake) through the
 * Images API, referenced by the post with the alt text; each exactly once.
 */
describe('posts with images', () => {
  let world: ConnectedPlatforms;
  let pds: TestPds;
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let alice: TestUser;
  let apiKey: string;
  let clock: { now(): Date; advance(ms: number): void };

  beforeAll(async () => {
    world = await startConnectedPlatforms('images-member');
    ({ pds, linkedin, service, alice, apiKey } = world);
    const ports = await import('#shared/ports/clock');
    clock = ports.offsetClock();
    ports.useClock(clock);
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
  });

  const upload = async (bytes: Buffer, altText: string, contentType = 'image/jpeg') => {
    const created = await service.call('POST', '/media', {
      key: apiKey,
      body: { content_type: contentType, size_bytes: bytes.length, alt_text: altText },
    });
    expect(created.status).toBe(201);
    const put = await fetch(created.json.upload.url, { method: 'PUT', headers: created.json.upload.headers, body: bytes });
    expect(put.status).toBe(200);
    const completed = await service.call('POST', `/media/${created.json.media.id}/complete`, { key: apiKey });
    expect(completed.status).toBe(200);
    return completed.json.media;
  };
  const publish = async (body: Record<string, unknown>) => {
    clock.advance(61_000);
    const response = await service.call('POST', '/posts', { key: apiKey, body: { platforms: ['linkedin', 'bluesky'], ...body } });
    expect(response.status).toBe(201);
    const id = response.json.post.id as string;
    return eventually(
      async () => {
        const post = (await service.call('GET', `/posts/${id}`, { key: apiKey })).json.post;
        if (['publishing', 'scheduled'].includes(post.status)) throw new Error(`post ${id} still ${post.status}`);
        return post;
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
  };
  const blob = async (cid: string): Promise<Buffer> => {
    const response = await fetch(`${pds.url}/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(alice.did)}&cid=${cid}`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('publishes a 6 MB 4000x3000 photo with GPS EXIF to both platforms with its alt text, stripped and fitted, once', async () => {
    const original = await photo(4000, 3000, { quality: 93 });
    expect(original.length).toBeGreaterThan(6_000_000);
    expect(hasGpsIfd((await sharp(original).metadata()).exif)).toBe(true);
    const media = await upload(original, 'A gradient photo from a test camera');
    expect(media).toMatchObject({ status: 'ready', width: 4000, height: 3000, size_bytes: original.length });

    const post = await publish({ content: 'Photo of the day https://example.com/ignored-card', media: [media.id] });
    expect(post.status).toBe('published');
    expect(post.media).toEqual([{ ...media, expires_at: null }]);

    const records = (await pds.listPosts(alice.did)).filter((record) => record.uri === post.results.bluesky.platform_post_id);
    expect(records).toHaveLength(1);
    const embed = records[0].value.embed;
    expect(embed).toMatchObject({
      $type: 'app.bsky.embed.images',
      images: [{ alt: 'A gradient photo from a test camera', aspectRatio: { width: expect.any(Number), height: expect.any(Number) } }],
    });
    expect(embed.images).toHaveLength(1);
    const { aspectRatio } = embed.images[0];
    expect(aspectRatio.width / aspectRatio.height).toBeCloseTo(4 / 3, 2);
    const stored = await blob(String(embed.images[0].image.ref));
    expect(stored.length).toBeLessThanOrEqual(1_000_000);
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([aspectRatio.width, aspectRatio.height]);

    const sent = linkedin.createdPosts().filter((one) => one.urn === post.results.linkedin.platform_post_id);
    expect(sent).toHaveLength(1);
    expect(sent[0].body.content).toEqual({
      media: { id: expect.stringMatching(/^urn:li:image:/), altText: 'A gradient photo from a test camera' },
    });
    const image = linkedin.images().get(sent[0].body.content.media.id)!;
    expect(image.owner).toBe('urn:li:person:images-member');
    const uploaded = await sharp(image.bytes!).metadata();
    expect([uploaded.width, uploaded.height]).toEqual([4000, 3000]);
    expect(uploaded.exif).toBeUndefined();
    // One upload per platform, no card fetched for the link in the text.
    expect(linkedin.images().size).toBe(1);
  }, 120_000);

  it('sends two to four images as a multi-image post on LinkedIn and one images embed on Bluesky, in order', async () => {
    const first = await upload(await smallJpeg(300, 200), 'first');
    const second = await upload(
      await sharp({ create: { width: 100, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
        .png()
        .toBuffer(),
      'second, a PNG',
      'image/png',
    );
    const post = await publish({ content: 'Two images', media: [first.id, second.id] });
    expect(post.status).toBe('published');
    const record = (await pds.listPosts(alice.did)).find((one) => one.uri === post.results.bluesky.platform_post_id)!;
    expect(record.value.embed.images.map((image: { alt: string; aspectRatio: unknown }) => [image.alt, image.aspectRatio])).toEqual([
      ['first', { width: 300, height: 200 }],
      ['second, a PNG', { width: 100, height: 300 }],
    ]);
    const sent = linkedin.createdPosts().find((one) => one.urn === post.results.linkedin.platform_post_id)!;
    expect(sent.body.content).toEqual({
      multiImage: {
        images: [
          { id: expect.stringMatching(/^urn:li:image:/), altText: 'first' },
          { id: expect.stringMatching(/^urn:li:image:/), altText: 'second, a PNG' },
        ],
      },
    });
    expect(linkedin.images().get(sent.body.content.multiImage.images[1].id)?.contentType).toBe('image/png');
  }, 60_000);
});
