import { PDFDocument } from 'pdf-lib';
import { startFakeLinkedIn, type FakeLinkedIn, type FakeLinkedInUser } from '../fakes/fake-linkedin';
import { eventually } from '../support/eventually';
import { openAuthorizationUrl } from '../support/linkedin-browser';
import { startTestService, type TestService } from '../support/test-service';
import { smallJpeg } from '../support/images';

/**
 * Acceptance (issue 42, LinkedIn options) against the fake LinkedIn through the API: a PDF
 * uploaded through POST /media (its header and page count checked), published as a document
 * (Documents API initializeUpload, the PUT of the bytes, the URN in content.media with its title),
 * a poll in content.poll, both as the member and as a page; and the refusals of each.
 */
const poll = { question: 'Which comes first?', options: ['Dark mode', 'Offline sync'], duration: 'ONE_DAY' };
const ADA: FakeLinkedInUser = { sub: 'ada-docs', name: 'Ada Lovelace' };
const ACME = { id: '4242', name: 'Acme Corp' };

async function pdf(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let page = 0; page < pages; page += 1) document.addPage([200, 200]);
  return Buffer.from(await document.save());
}

describe('LinkedIn documents and polls', () => {
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let clock: { now(): Date; advance(ms: number): void };
  let member: { apiKey: string };
  let page: { apiKey: string };

  beforeAll(async () => {
    linkedin = await startFakeLinkedIn();
    linkedin.organizations.add({ ...ACME, administrators: [ADA.sub] });
    service = await startTestService({ ...linkedin.settings(), PUBLISH_RETRY_BASE_MS: '1' });
    const ports = await import('#shared/ports/clock');
    clock = ports.offsetClock();
    ports.useClock(clock);
    member = await connected({});
    page = await connected({ author: 'organization' });
    const pages = await service.call('GET', '/profiles', { key: page.apiKey });
    const picked = await service.call('PUT', `/profiles/${pages.json.profiles[0].id}/author`, {
      key: page.apiKey,
      body: { organization_id: ACME.id },
    });
    expect(picked.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    (await import('#shared/ports/clock')).useClock();
    await service?.stop();
    await linkedin?.stop();
  });

  async function connected(body: Record<string, unknown>) {
    const { apiKey } = await service.createAccount({ plan: 'pro' });
    const started = await service.call('POST', '/profiles/linkedin/authorize', { key: apiKey, body });
    const browser = await openAuthorizationUrl(service.baseUrl, started.json.authorization_url as string);
    const { callbackUrl } = linkedin.approve(browser.linkedInUrl, ADA);
    const callback = await service.call('GET', `/profiles/linkedin/callback${new URL(callbackUrl).search}`, {
      headers: { cookie: browser.cookie },
    });
    expect(callback.status).toBe(201);
    return { apiKey };
  }

  /** POST /media, the PUT, then complete: the complete's answer. */
  async function upload(apiKey: string, bytes: Buffer, contentType = 'application/pdf') {
    const created = await service.call('POST', '/media', { key: apiKey, body: { content_type: contentType, size_bytes: bytes.length } });
    expect(created.status).toBe(201);
    const put = await fetch(created.json.upload.url, { method: 'PUT', headers: created.json.upload.headers, body: bytes });
    expect(put.status).toBe(200);
    return service.call('POST', `/media/${created.json.media.id}/complete`, { key: apiKey });
  }

  async function publish(apiKey: string, body: Record<string, unknown>) {
    clock.advance(61_000); // clear of the previous LinkedIn post (60 s spacing)
    const created = await service.call('POST', '/posts', { key: apiKey, body: { platforms: ['linkedin'], ...body } });
    expect(created.status).toBe(201);
    const post = await eventually(
      async () => {
        const answer = (await service.call('GET', `/posts/${created.json.post.id}`, { key: apiKey })).json.post;
        if (['publishing', 'scheduled'].includes(answer.status)) throw new Error(`still ${answer.status}`);
        return answer;
      },
      { timeoutMs: 20_000, intervalMs: 25 },
    );
    expect(post.results.linkedin).toMatchObject({ status: 'published', error: null });
    return linkedin.createdPosts().find((one) => one.urn === post.results.linkedin.platform_post_id)!;
  }

  it('takes a PDF as media, checking its header and page count', async () => {
    const bytes = await pdf(3);
    const completed = await upload(member.apiKey, bytes);
    expect(completed.status).toBe(200);
    expect(completed.json.media).toMatchObject({ status: 'ready', content_type: 'application/pdf', size_bytes: bytes.length, width: null });

    const notPdf = await upload(member.apiKey, Buffer.from('Just some text, no PDF at all'));
    expect(notPdf.json).toMatchObject({ error: 'INVALID_MEDIA', reason: 'not_a_pdf' });
    const brokenPdf = await upload(member.apiKey, Buffer.from('%PDF-1.7\nnothing readable follows'));
    expect(brokenPdf.json).toMatchObject({ error: 'INVALID_MEDIA', reason: 'not_a_pdf' });
    const tooLong = await upload(member.apiKey, await pdf(301));
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toMatchObject({ error: 'INVALID_MEDIA', reason: 'too_many_pages' });
  });

  it.each([
    ['the member', () => member.apiKey, 'urn:li:person:ada-docs'],
    ['a page', () => page.apiKey, `urn:li:organization:${ACME.id}`],
  ])('publishes a PDF as a document for %s: initialize, upload, the URN in content.media with its title', async (_, key, author) => {
    const bytes = await pdf(2);
    const media = (await upload(key(), bytes)).json.media;
    const document = { media_id: media.id, title: 'Our Q3 report' };
    const received = await publish(key(), { content: 'The report is out', platform_options: { linkedin: { document } } });
    expect(received.body.author).toBe(author);
    const urn: string = received.body.content.media.id;
    expect(received.body.content).toEqual({ media: { id: expect.stringMatching(/^urn:li:document:/), title: 'Our Q3 report' } });
    const stored = linkedin.documents.documents().get(urn)!;
    expect(stored.owner).toBe(author);
    expect(stored.bytes?.equals(bytes)).toBe(true);
  });

  it.each([
    ['the member', () => member.apiKey, 'urn:li:person:ada-docs'],
    ['a page', () => page.apiKey, `urn:li:organization:${ACME.id}`],
  ])('publishes a poll for %s in content.poll', async (_, key, author) => {
    const poll = { question: 'Which comes first?', options: ['Dark mode', 'Offline sync', 'Both'], duration: 'THREE_DAYS' };
    const received = await publish(key(), { content: 'Vote! https://example.com/roadmap', platform_options: { linkedin: { poll } } });
    expect(received.body.author).toBe(author);
    // The poll is the content: no link card for the text's link.
    expect(received.body.content).toEqual({
      poll: {
        question: 'Which comes first?',
        options: [{ text: 'Dark mode' }, { text: 'Offline sync' }, { text: 'Both' }],
        settings: { duration: 'THREE_DAYS' },
      },
    });
  });

  it('PATCH replaces the options as a whole: a document attached, then removed with {} (its media released)', async () => {
    const document = (await upload(member.apiKey, await pdf(1))).json.media;
    const scheduledFor = new Date(clock.now().getTime() + 3 * 3_600_000).toISOString();
    const created = await service.call('POST', '/posts', {
      key: member.apiKey,
      body: { content: 'Later', platforms: ['linkedin'], scheduled_for: scheduledFor, platform_options: { linkedin: { poll } } },
    });
    expect(created.status).toBe(201);
    const path = `/posts/${created.json.post.id}`;
    const edit = (platform_options: unknown) => service.call('PATCH', path, { key: member.apiKey, body: { platform_options } });
    const mediaOf = async () => (await service.call('GET', `/media/${document.id}`, { key: member.apiKey })).json.media;

    const withDocument = await edit({ linkedin: { document: { media_id: document.id, title: 'Slides' } } });
    expect(withDocument.status).toBe(200);
    expect(withDocument.json.post.platform_options).toEqual({ linkedin: { document: { media_id: document.id, title: 'Slides' } } });
    expect((await mediaOf()).expires_at).toBeNull();
    // Kept by an edit that does not send them; refused when images join the document.
    expect(
      (await service.call('PATCH', path, { key: member.apiKey, body: { content: 'Later, edited' } })).json.post.platform_options,
    ).toEqual(withDocument.json.post.platform_options);
    const image = (await upload(member.apiKey, await smallJpeg(200, 100), 'image/jpeg')).json.media;
    expect((await service.call('PATCH', path, { key: member.apiKey, body: { media: [image.id] } })).json).toMatchObject({
      error: 'INVALID_FIELD',
      field: 'platform_options.linkedin.document',
    });

    const removed = await edit({});
    expect(removed.json.post.platform_options).toEqual({});
    expect((await mediaOf()).expires_at).not.toBeNull();
  });

  it('refuses a PDF among the media, a document that is no PDF, and a document beside images', async () => {
    const document = (await upload(member.apiKey, await pdf(1))).json.media;
    const image = (await upload(member.apiKey, await smallJpeg(200, 100), 'image/jpeg')).json.media;
    const create = (body: Record<string, unknown>) =>
      service.call('POST', '/posts', { key: member.apiKey, body: { content: 'Refused', platforms: ['linkedin'], ...body } });
    expect((await create({ media: [document.id] })).json).toMatchObject({ error: 'INVALID_MEDIA', reason: 'document' });
    expect((await create({ platform_options: { linkedin: { document: { media_id: image.id, title: 'An image' } } } })).json).toMatchObject({
      error: 'INVALID_MEDIA',
      reason: 'not_a_pdf',
    });
    expect(
      (await create({ media: [image.id], platform_options: { linkedin: { document: { media_id: document.id, title: 'Both' } } } })).json,
    ).toMatchObject({ error: 'INVALID_FIELD', field: 'platform_options.linkedin.document' });
    expect(
      (await create({ platform_options: { linkedin: { document: { media_id: '00000000-0000-4000-8000-000000000000', title: 'Gone' } } } }))
        .json,
    ).toMatchObject({ error: 'MEDIA_NOT_FOUND' });
  });
});
