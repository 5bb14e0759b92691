import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeLinkedIn } from '../fakes/fake-linkedin';
import { VIDEO_PART_BYTES } from '../fakes/fake-linkedin-videos';
import { startConnectedPlatforms, type ConnectedPlatforms } from '../support/connected-platforms';
import { smallJpeg } from '../support/images';
import { openAuthorizationUrl } from '../support/linkedin-browser';
import type { TestPds, TestUser } from '../support/pds';
import type { TestService } from '../support/test-service';
import { clipArgs, describeWithFfmpeg, videoClips, type Clips } from '../support/video-clips';
import { startVideoService, type TestVideoService } from '../support/video-service';
import { eventually } from '../support/eventually';

/**
 * Video end to end (issue 31's acceptance): a 10-second H.264 MP4 with alt text reaches Bluesky (the
 * real PDS, through a video service that verifies the PDS's service token and stores the blob on the
 * PDS) as app.bsky.embed.video with alt and aspect ratio, and LinkedIn (the fake) through the Videos
 * API's initialize, parts and finalize, each once; what is not a usable video is refused by
 * `complete` with its reason and nothing written; a post never mixes a video and images.
 */
describeWithFfmpeg('video', () => {
  let world: ConnectedPlatforms;
  let pds: TestPds;
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let alice: TestUser;
  let apiKey: string;
  let videoService: TestVideoService;
  let clips: Clips;
  let clock: { now(): Date; advance(ms: number): void };

  beforeAll(async () => {
    clips = videoClips();
    world = await startConnectedPlatforms('video-member', async ({ pds: started }) => {
      videoService = await startVideoService({ pdsUrl: started.url, plcUrl: started.plcUrl });
      return { BLUESKY_VIDEO_SERVICE_URL: videoService.url, BLUESKY_VIDEO_POLL_MS: '20' };
    });
    ({ pds, linkedin, service, alice, apiKey } = world);
    const ports = await import('#shared/ports/clock');
    clock = ports.offsetClock();
    ports.useClock(clock);
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
    await videoService?.stop();
    clips?.cleanup();
  });

  const create = async (bytes: Buffer, contentType: string, altText?: string) => {
    const created = await service.call('POST', '/media', {
      key: apiKey,
      body: { content_type: contentType, size_bytes: bytes.length, ...(altText === undefined ? {} : { alt_text: altText }) },
    });
    expect(created.status).toBe(201);
    const put = await fetch(created.json.upload.url, { method: 'PUT', headers: created.json.upload.headers, body: bytes });
    expect(put.status).toBe(200);
    return created.json.media.id as string;
  };
  const complete = (id: string) => service.call('POST', `/media/${id}/complete`, { key: apiKey });
  const upload = async (bytes: Buffer, contentType: string, altText?: string) => {
    const completed = await complete(await create(bytes, contentType, altText));
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
      { timeoutMs: 60_000, intervalMs: 50 },
    );
  };
  /** Every object the storage folder holds for this media id (none after a refused complete but the raw upload). */
  const storedObjects = (mediaId: string): string[] => {
    const root = join(service.dataDir, 'media', 'media');
    if (!existsSync(root)) return [];
    return readdirSync(root).flatMap((account) =>
      existsSync(join(root, account, mediaId)) ? readdirSync(join(root, account, mediaId)) : [],
    );
  };

  it('publishes a 10-second H.264 MP4 with alt text to both platforms, each once', async () => {
    const bytes = await clips.make('ten-seconds.mp4', clipArgs({ seconds: 10, size: '320x180' }));
    const media = await upload(bytes, 'video/mp4', 'A test pattern with a tone');
    expect(media).toMatchObject({ status: 'ready', content_type: 'video/mp4', width: 320, height: 180, size_bytes: bytes.length });

    const post = await publish({ content: 'Our first video https://example.com/no-card', media: [media.id] });
    expect(post.results.bluesky).toMatchObject({ status: 'published' });
    expect(post.results.linkedin).toMatchObject({ status: 'published' });
    expect(post.status).toBe('published');
    expect(post.media).toEqual([{ ...media, expires_at: null }]);

    // Bluesky: the record on the real PDS embeds the video blob, stored there by the video service.
    const records = (await pds.listPosts(alice.did)).filter((record) => record.uri === post.results.bluesky.platform_post_id);
    expect(records).toHaveLength(1);
    const embed = records[0].value.embed;
    expect(embed).toMatchObject({
      $type: 'app.bsky.embed.video',
      alt: 'A test pattern with a tone',
      aspectRatio: { width: 320, height: 180 },
      video: { mimeType: 'video/mp4', size: bytes.length },
    });
    const cid = String(embed.video.ref.$link ?? embed.video.ref);
    const blob = await fetch(`${pds.url}/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(alice.did)}&cid=${cid}`);
    expect(blob.status).toBe(200);
    expect(Buffer.from(await blob.arrayBuffer()).equals(bytes)).toBe(true);
    expect(videoService.uploads()).toBe(1);
    expect(videoService.refusals).toEqual([]);
    expect(videoService.jobs[0]).toMatchObject({ did: alice.did, size: bytes.length });

    // LinkedIn: initialize, the part(s), finalize, then content.media with the video URN and the alt text.
    const sent = linkedin.createdPosts().filter((one) => one.urn === post.results.linkedin.platform_post_id);
    expect(sent).toHaveLength(1);
    expect(sent[0].body.content).toEqual({ media: { id: expect.stringMatching(/^urn:li:video:/), altText: 'A test pattern with a tone' } });
    const video = linkedin.videos.videos().get(sent[0].body.content.media.id)!;
    expect(video).toMatchObject({
      owner: 'urn:li:person:video-member',
      fileSizeBytes: bytes.length,
      status: 'AVAILABLE',
      finalizeCalls: 1,
    });
    expect(linkedin.videos.bytesOf(video.urn).equals(bytes)).toBe(true);
    expect(linkedin.videos.initializeCalls()).toBe(1);
    // No link card was fetched or sent for the link in the text.
    expect(linkedin.images().size).toBe(0);
  }, 120_000);

  it('uploads a video larger than one part to LinkedIn in 4 MiB parts with their ETags', async () => {
    // A short clip followed by a 9 MB `free` box (ISO BMFF padding readers skip): three parts, made in no time.
    const clip = await clips.make('padded.mp4', clipArgs({ seconds: 1, audio: false }));
    const padding = Buffer.alloc(9_000_000);
    padding.writeUInt32BE(padding.length, 0);
    padding.write('free', 4, 'latin1');
    const bytes = Buffer.concat([clip, padding]);
    expect(bytes.length).toBeGreaterThan(2 * VIDEO_PART_BYTES);
    const media = await upload(bytes, 'video/mp4', '');
    const before = linkedin.videos.initializeCalls();
    const post = await publish({ content: 'A bigger video', media: [media.id], platforms: ['linkedin'] });
    expect(post.status).toBe('published');
    const urn = linkedin.createdPosts().find((one) => one.urn === post.results.linkedin.platform_post_id)!.body.content.media.id;
    const video = linkedin.videos.videos().get(urn)!;
    expect(video.parts.length).toBe(Math.ceil(bytes.length / VIDEO_PART_BYTES));
    expect(video.parts.every((part) => part.bytes?.length === part.lastByte - part.firstByte + 1)).toBe(true);
    expect(linkedin.videos.bytesOf(urn).equals(bytes)).toBe(true);
    expect(linkedin.videos.initializeCalls()).toBe(before + 1);
  }, 120_000);

  it('publishes a video as a LinkedIn page: the page URN owns the upload and authors the post', async () => {
    linkedin.organizations.add({ id: '3141592', name: 'Video Page', administrators: ['video-member'] });
    const profiles = (await service.call('GET', '/profiles', { key: apiKey })).json.profiles as Array<{ id: string; platform: string }>;
    const old = profiles.find((profile) => profile.platform === 'linkedin')!;
    expect((await service.call('DELETE', `/profiles/${old.id}`, { key: apiKey })).status).toBe(204);
    const started = await service.call('POST', '/profiles/linkedin/authorize', { key: apiKey, body: { author: 'organization' } });
    const browser = await openAuthorizationUrl(service.baseUrl, started.json.authorization_url as string);
    const { callbackUrl } = linkedin.approve(browser.linkedInUrl, { sub: 'video-member', name: 'video-member' });
    const callback = await service.call('GET', `/profiles/linkedin/callback${new URL(callbackUrl).search}`, {
      headers: { cookie: browser.cookie },
    });
    expect(callback.status).toBe(201);
    const picked = await service.call('PUT', `/profiles/${callback.json.profile.id}/author`, {
      key: apiKey,
      body: { organization_id: '3141592' },
    });
    expect(picked.status).toBe(200);

    const media = await upload(await clips.make('page.mp4', clipArgs({ seconds: 2, audio: false })), 'video/mp4', 'From the page');
    const post = await publish({ content: 'A page video', media: [media.id], platforms: ['linkedin'] });
    expect(post.status).toBe('published');
    const sent = linkedin.createdPosts().find((one) => one.urn === post.results.linkedin.platform_post_id)!;
    expect(sent.body.author).toBe('urn:li:organization:3141592');
    expect(linkedin.videos.videos().get(sent.body.content.media.id)).toMatchObject({
      owner: 'urn:li:organization:3141592',
      status: 'AVAILABLE',
    });
  }, 60_000);

  it.each([
    [
      'a file renamed to .mp4 that is not a video',
      'not_a_video',
      async () => Buffer.concat([Buffer.from('not a video at all '), await smallJpeg()]),
    ],
    [
      'a 4-minute video',
      'too_long',
      () => clips.make('four-minutes.mp4', clipArgs({ seconds: 240, size: '64x36', rate: 1, audio: false })),
    ],
    ['an H.265 video', 'unsupported_codec', () => clips.make('h265.mp4', clipArgs({ seconds: 2, codec: 'libx265', audio: false }))],
  ])(
    'refuses %s: INVALID_MEDIA %s, nothing written',
    async (_name, reason, make) => {
      const bytes = await make();
      const id = await create(bytes, 'video/mp4', 'alt');
      const refused = await complete(id);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ error: 'INVALID_MEDIA', reason });
      expect((await service.call('GET', `/media/${id}`, { key: apiKey })).json.media).toMatchObject({
        status: 'awaiting_upload',
        width: null,
      });
      expect(storedObjects(id)).toEqual([]);
      // The same answer again: still nothing written.
      expect((await complete(id)).json).toMatchObject({ error: 'INVALID_MEDIA', reason });
    },
    60_000,
  );

  it('refuses a post mixing a video and an image (mixed) and a post with two videos (too_many), creating nothing', async () => {
    const video = await upload(await clips.make('short.mp4', clipArgs({ seconds: 1, audio: false })), 'video/mp4');
    const other = await upload(await clips.make('short-2.mp4', clipArgs({ seconds: 1, size: '160x90', audio: false })), 'video/mp4');
    const image = await upload(await smallJpeg(), 'image/jpeg');
    const before = (await service.call('GET', '/posts?limit=100', { key: apiKey })).json.posts.length;
    const mixed = await service.call('POST', '/posts', {
      key: apiKey,
      body: { content: 'Mixed', platforms: ['bluesky'], media: [video.id, image.id] },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.json).toMatchObject({ error: 'INVALID_MEDIA', reason: 'mixed' });
    const two = await service.call('POST', '/posts', {
      key: apiKey,
      body: { content: 'Two', platforms: ['bluesky'], media: [video.id, other.id] },
    });
    expect(two.status).toBe(400);
    expect(two.json).toMatchObject({ error: 'INVALID_MEDIA', reason: 'too_many' });
    expect((await service.call('GET', '/posts?limit=100', { key: apiKey })).json.posts.length).toBe(before);
    // Still unattached: both would expire as before.
    expect((await service.call('GET', `/media/${video.id}`, { key: apiKey })).json.media.expires_at).not.toBeNull();
  }, 60_000);

  it('takes video/mp4 up to 100 MB and images up to 20 MiB (INVALID_FIELD size_bytes beyond)', async () => {
    const video = await service.call('POST', '/media', { key: apiKey, body: { content_type: 'video/mp4', size_bytes: 100_000_000 } });
    expect(video.status).toBe(201);
    for (const body of [
      { content_type: 'video/mp4', size_bytes: 100_000_001 },
      { content_type: 'image/jpeg', size_bytes: 20_971_521 },
    ]) {
      const refused = await service.call('POST', '/media', { key: apiKey, body });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ error: 'INVALID_FIELD', field: 'size_bytes' });
    }
  });
});
