import sharp from 'sharp';
import { flatPng, hasGpsIfd, photo, smallJpeg } from '../support/images';
import { startTestService, type CallResult, type TestService } from '../support/test-service';

/**
 * The media API (docs/api.md, "Media") on the local service: create, upload to the returned URL,
 * complete, get, delete; every INVALID_MEDIA reason and MEDIA_NOT_FOUND, with nothing written
 * by a refused request; media on POST /posts in the documented order.
 */
describe('media', () => {
  let service: TestService;
  let key: string;
  let otherKey: string;
  let clock: { now(): Date; advance(ms: number): void };

  beforeAll(async () => {
    service = await startTestService();
    ({ apiKey: key } = await service.createAccount({ plan: 'pro' }));
    ({ apiKey: otherKey } = await service.createAccount({ plan: 'pro' }));
    const ports = await import('#shared/ports/clock');
    clock = ports.offsetClock();
    ports.useClock(clock);
  }, 60_000);
  afterAll(async () => {
    (await import('#shared/ports/clock')).useClock();
    await service?.stop();
  });

  const declare = (body: Record<string, unknown>, apiKey = key) => service.call('POST', '/media', { key: apiKey, body });
  const put = (upload: { url: string; headers: Record<string, string> }, bytes: Buffer, headers = upload.headers) =>
    fetch(upload.url, { method: 'PUT', headers, body: bytes });
  const complete = (id: string, apiKey = key) => service.call('POST', `/media/${id}/complete`, { key: apiKey });
  /** Declares, uploads and completes; returns the complete's answer. */
  const uploadImage = async (bytes: Buffer, contentType = 'image/jpeg', altText = 'alt'): Promise<CallResult> => {
    const created = await declare({ content_type: contentType, size_bytes: bytes.length, alt_text: altText });
    expect(created.status).toBe(201);
    expect((await put(created.json.upload, bytes)).status).toBe(200);
    return complete(created.json.media.id);
  };
  const invalidMedia = (response: CallResult, reason: string) => {
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'INVALID_MEDIA', message: expect.any(String), reason });
  };
  const mediaItems = async () => {
    const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('#shared/store/client');
    const { Items = [] } = await db.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#type = :media',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':media': 'media' },
      }),
    );
    return Items;
  };

  it('creates media with an upload URL that takes exactly the declared type and size, then completes it', async () => {
    const bytes = await photo(1200, 900);
    const created = await declare({ content_type: 'image/jpeg', size_bytes: bytes.length, alt_text: 'A gradient' });
    expect(created.status).toBe(201);
    const now = clock.now().getTime();
    expect(created.json).toEqual({
      media: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'awaiting_upload',
        content_type: 'image/jpeg',
        size_bytes: bytes.length,
        width: null,
        height: null,
        alt_text: 'A gradient',
        created_at: expect.any(String),
        expires_at: expect.any(String),
      },
      upload: {
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//),
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg', 'content-length': String(bytes.length) },
        expires_at: expect.any(String),
      },
    });
    const { media, upload } = created.json;
    expect(Date.parse(media.expires_at) - Date.parse(media.created_at)).toBe(24 * 3600 * 1000);
    expect(Date.parse(upload.expires_at) - now).toBeGreaterThan(14 * 60 * 1000);
    expect(Date.parse(upload.expires_at) - now).toBeLessThanOrEqual(15 * 60 * 1000 + 1000);
    // Another type, another length, an altered URL: refused as S3 refuses them.
    expect((await put(upload, bytes, { 'content-type': 'image/png' })).status).toBe(403);
    expect((await put(upload, bytes.subarray(1), { 'content-type': 'image/jpeg' })).status).toBe(403);
    expect((await put({ ...upload, url: upload.url.replace(/signature=./, 'signature=x') }, bytes)).status).toBe(403);
    expect((await service.call('GET', `/media/${media.id}`, { key })).json.media.status).toBe('awaiting_upload');

    expect((await put(upload, bytes)).status).toBe(200);
    const completed = await complete(media.id);
    expect(completed.status).toBe(200);
    expect(completed.json).toEqual({ media: { ...media, status: 'ready', width: 1200, height: 900 } });
    // Completing again answers the same; GET shows it.
    expect((await complete(media.id)).json).toEqual(completed.json);
    expect((await service.call('GET', `/media/${media.id}`, { key })).json).toEqual(completed.json);
  });

  it('refuses an upload after its URL expired', async () => {
    const bytes = await smallJpeg();
    const created = await declare({ content_type: 'image/jpeg', size_bytes: bytes.length });
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await put(created.json.upload, bytes)).status).toBe(403);
    invalidMedia(await complete(created.json.media.id), 'not_uploaded');
  });

  it.each([
    ['content_type', { content_type: 'image/gif', size_bytes: 10 }],
    ['content_type', { content_type: 'IMAGE/JPEG', size_bytes: 10 }],
    ['size_bytes', { content_type: 'image/jpeg', size_bytes: 0 }],
    ['size_bytes', { content_type: 'image/jpeg', size_bytes: 20_971_521 }],
    ['size_bytes', { content_type: 'image/jpeg', size_bytes: 1.5 }],
    ['size_bytes', { content_type: 'image/jpeg', size_bytes: '100' }],
    ['alt_text', { content_type: 'image/jpeg', size_bytes: 10, alt_text: 'a'.repeat(1001) }],
    ['alttext', { content_type: 'image/jpeg', size_bytes: 10, alttext: 'x' }],
  ])('answers INVALID_FIELD %s for %j and writes nothing', async (field, body) => {
    const before = (await mediaItems()).length;
    const response = await declare(body);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'INVALID_FIELD', field });
    expect(await mediaItems()).toHaveLength(before);
  });

  it('answers each INVALID_MEDIA reason of complete, leaving the media awaiting its upload', async () => {
    const check = async (declared: string, size: number, bytes: Buffer | undefined, reason: string) => {
      const created = await declare({ content_type: declared, size_bytes: size });
      if (bytes) {
        // Written straight into storage: S3 would refuse such an upload already; complete must not rely on that.
        const { objectStorage } = await import('#shared/ports/registry');
        const { mediaKeys } = await import('#shared/media/object-keys');
        const { accountId } = { accountId: (await mediaItems()).find((item) => item.id === created.json.media.id)!.account_id as string };
        await (await objectStorage()).write(mediaKeys(accountId, created.json.media.id).upload, bytes, declared);
      }
      invalidMedia(await complete(created.json.media.id), reason);
      expect((await service.call('GET', `/media/${created.json.media.id}`, { key })).json.media).toMatchObject({
        status: 'awaiting_upload',
        width: null,
      });
    };
    const jpeg = await smallJpeg();
    await check('image/jpeg', jpeg.length, undefined, 'not_uploaded');
    await check('image/jpeg', jpeg.length + 10, jpeg, 'size_mismatch');
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await check('image/jpeg', text.length, text, 'not_an_image');
    const truncated = (await photo(400, 300)).subarray(0, 2000);
    await check('image/jpeg', truncated.length, truncated, 'not_an_image');
    const png = await flatPng(20, 20);
    await check('image/jpeg', png.length, png, 'type_mismatch'); // a PNG declared (and uploaded) as JPEG
    const huge = await flatPng(10_000, 5_000); // 50 megapixels in a few kilobytes
    await check('image/png', huge.length, huge, 'too_many_pixels');
  }, 60_000);

  it('publishes a re-encoding only: a polyglot file loses what it carries after the image, and EXIF with GPS is gone', async () => {
    const jpeg = await photo(800, 600);
    const polyglot = Buffer.concat([jpeg, Buffer.from('PK\u0003\u0004<html><script>evil()</script></html>')]);
    expect(hasGpsIfd((await sharp(jpeg).metadata()).exif)).toBe(true);
    const completed = await uploadImage(polyglot);
    expect(completed.json.media).toMatchObject({ status: 'ready', width: 800, height: 600 });
    const { objectStorage } = await import('#shared/ports/registry');
    const item = (await mediaItems()).find((one) => one.id === completed.json.media.id)!;
    for (const variant of Object.values(item.variants as Record<string, { key: string; size_bytes: number }>)) {
      const bytes = (await (await objectStorage()).read(variant.key, 30_000_000))!;
      expect(bytes.includes('evil()')).toBe(false);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      expect(bytes.length).toBe(variant.size_bytes);
    }
    expect(item.variants.bluesky.size_bytes).toBeLessThanOrEqual(1_000_000);
  });

  it("hides another account's media and unknown ids as MEDIA_NOT_FOUND, and refuses bad ids", async () => {
    const mine = (await uploadImage(await smallJpeg())).json.media;
    for (const [method, path] of [
      ['GET', `/media/${mine.id}`],
      ['POST', `/media/${mine.id}/complete`],
      ['DELETE', `/media/${mine.id}`],
    ] as const) {
      const response = await service.call(method, path, { key: otherKey });
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ error: 'MEDIA_NOT_FOUND', message: 'Media not found' });
    }
    expect((await service.call('GET', '/media/00000000-0000-4000-8000-000000000000', { key })).json.error).toBe('MEDIA_NOT_FOUND');
    expect((await service.call('GET', '/media/not-a-uuid', { key })).json.error).toBe('INVALID_ID');
    expect((await service.call('GET', `/media/${mine.id}`, { key })).status).toBe(200);
  });

  it('forgets unattached media 24 hours after its creation', async () => {
    const media = (await uploadImage(await smallJpeg())).json.media;
    clock.advance(24 * 3600 * 1000 + 1000);
    expect((await service.call('GET', `/media/${media.id}`, { key })).status).toBe(404);
  });

  describe('on posts', () => {
    let account: { accountId: string; apiKey: string };
    const post = (body: Record<string, unknown>) =>
      service.call('POST', '/posts', { key: account.apiKey, body: { content: 'with images', platforms: ['bluesky'], ...body } });
    const ready = async (count: number) => {
      const ids: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const bytes = await smallJpeg(40 + index, 30);
        const created = await service.call('POST', '/media', {
          key: account.apiKey,
          body: { content_type: 'image/jpeg', size_bytes: bytes.length, alt_text: `image ${index}` },
        });
        await put(created.json.upload, bytes);
        ids.push((await service.call('POST', `/media/${created.json.media.id}/complete`, { key: account.apiKey })).json.media.id);
      }
      return ids;
    };
    const usage = async () => (await service.call('GET', '/usage', { key: account.apiKey })).json.usage.used;

    beforeAll(async () => {
      account = await service.createAccount({ plan: 'pro' });
      await service.connectProfile(account.accountId, 'bluesky');
    });

    it('attaches up to four ready images, listed on the post in order, kept while the post exists', async () => {
      const ids = await ready(4);
      // Two days ahead: still scheduled after the clock moves 25 h below.
      const scheduledFor = new Date(clock.now().getTime() + 48 * 3600_000).toISOString();
      const created = await post({ media: [...ids, ids[0]], scheduled_for: scheduledFor });
      expect(created.status).toBe(201);
      expect(created.json.post.media.map((media: { id: string }) => media.id)).toEqual(ids);
      expect(created.json.post.media[0]).toEqual({
        id: ids[0],
        status: 'ready',
        content_type: 'image/jpeg',
        size_bytes: expect.any(Number),
        width: 40,
        height: 30,
        alt_text: 'image 0',
        created_at: expect.any(String),
        expires_at: null,
      });
      expect((await service.call('GET', `/posts/${created.json.post.id}`, { key: account.apiKey })).json.post.media).toEqual(
        created.json.post.media,
      );
      // Attached: no expiry, and not deletable while the post is pending.
      expect((await service.call('GET', `/media/${ids[1]}`, { key: account.apiKey })).json.media.expires_at).toBeNull();
      invalidMedia(await service.call('DELETE', `/media/${ids[1]}`, { key: account.apiKey }), 'in_use');
      clock.advance(25 * 3600 * 1000);
      expect((await service.call('GET', `/media/${ids[1]}`, { key: account.apiKey })).status).toBe(200);
      // The post deleted, its media expires 24 h later and can be deleted now.
      expect((await service.call('DELETE', `/posts/${created.json.post.id}`, { key: account.apiKey })).status).toBe(204);
      const released = (await service.call('GET', `/media/${ids[1]}`, { key: account.apiKey })).json.media;
      expect(Date.parse(released.expires_at) - clock.now().getTime()).toBeGreaterThan(23 * 3600 * 1000);
      expect((await service.call('DELETE', `/media/${ids[1]}`, { key: account.apiKey })).status).toBe(204);
      expect((await service.call('GET', `/media/${ids[1]}`, { key: account.apiKey })).status).toBe(404);
    }, 60_000);

    it("edits a scheduled post's images with PATCH: replaced as a whole, the dropped ones released, in the documented order (docs/api.md, Media)", async () => {
      const [first, second, third] = await ready(3);
      const scheduledFor = new Date(clock.now().getTime() + 72 * 3600_000).toISOString();
      const created = (await post({ media: [first], scheduled_for: scheduledFor })).json.post;
      const patch = (body: Record<string, unknown>) => service.call('PATCH', `/posts/${created.id}`, { key: account.apiKey, body });
      const edited = await patch({ media: [second, third] });
      expect(edited.status).toBe(200);
      expect(edited.json.post.media.map((media: { id: string }) => media.id)).toEqual([second, third]);
      // The dropped image is released (it expires 24 h on), the new ones are kept with the post.
      const released = (await service.call('GET', `/media/${first}`, { key: account.apiKey })).json.media;
      expect(Date.parse(released.expires_at) - clock.now().getTime()).toBeGreaterThan(23 * 3600 * 1000);
      expect((await service.call('GET', `/media/${third}`, { key: account.apiKey })).json.media.expires_at).toBeNull();
      invalidMedia(await service.call('DELETE', `/media/${third}`, { key: account.apiKey }), 'in_use');
      // Refusals, in order, write nothing.
      const unknown = await patch({ media: ['00000000-0000-4000-8000-000000000000'], platforms: ['linkedin'] });
      expect([unknown.status, unknown.json.error]).toEqual([404, 'MEDIA_NOT_FOUND']);
      invalidMedia(await patch({ media: await ready(5) }), 'too_many');
      const notConnected = await patch({ media: [first], platforms: ['linkedin'] });
      expect([notConnected.status, notConnected.json.error]).toEqual([400, 'PLATFORMS_NOT_CONNECTED']);
      expect(
        (await service.call('GET', `/posts/${created.id}`, { key: account.apiKey })).json.post.media.map(
          (media: { id: string }) => media.id,
        ),
      ).toEqual([second, third]);
      // [] removes them all.
      expect((await patch({ media: [] })).json.post.media).toEqual([]);
      expect((await service.call('GET', `/media/${second}`, { key: account.apiKey })).json.media.expires_at).not.toBeNull();
    }, 60_000);

    it('checks media after the scheduled time and before the connections, and writes nothing when refusing', async () => {
      const [readyId] = await ready(1);
      const awaiting = (await service.call('POST', '/media', { key: account.apiKey, body: { content_type: 'image/png', size_bytes: 10 } }))
        .json.media.id;
      const foreign = (await service.call('POST', '/media', { key, body: { content_type: 'image/png', size_bytes: 10 } })).json.media.id;
      const five = await ready(5);
      const before = await usage();
      const cases: Array<[Record<string, unknown>, number, Record<string, unknown>]> = [
        [{ media: [readyId], scheduled_for: 'tomorrow' }, 400, { error: 'INVALID_SCHEDULED_TIME' }],
        [{ media: ['00000000-0000-4000-8000-000000000000'] }, 404, { error: 'MEDIA_NOT_FOUND' }],
        [{ media: [readyId, foreign] }, 404, { error: 'MEDIA_NOT_FOUND' }],
        [{ media: ['not-an-id'] }, 404, { error: 'MEDIA_NOT_FOUND' }],
        [{ media: [awaiting, 'not-an-id'] }, 404, { error: 'MEDIA_NOT_FOUND' }],
        [{ media: [awaiting] }, 400, { error: 'INVALID_MEDIA', reason: 'not_ready' }],
        [{ media: five }, 400, { error: 'INVALID_MEDIA', reason: 'too_many' }],
        [{ media: [readyId], platforms: ['linkedin'] }, 400, { error: 'PLATFORMS_NOT_CONNECTED' }],
        [{ media: 'x' }, 400, { error: 'INVALID_FIELD', field: 'media' }],
        [{ media: [1] }, 400, { error: 'INVALID_FIELD', field: 'media' }],
      ];
      for (const [body, status, error] of cases) {
        const response = await post(body);
        expect({ body, status: response.status, json: response.json }).toEqual({ body, status, json: expect.objectContaining(error) });
        const preview = await service.call('POST', '/posts/preview', {
          key: account.apiKey,
          body: { content: 'with images', platforms: ['bluesky'], ...body },
        });
        if (error.error !== 'PLATFORMS_NOT_CONNECTED')
          expect({ body, status: preview.status, error: preview.json.error }).toEqual({ body, status, error: error.error });
      }
      expect(await usage()).toBe(before);
      expect((await service.call('GET', `/media/${readyId}`, { key: account.apiKey })).json.media.expires_at).not.toBeNull();
    }, 60_000);
  });
});
