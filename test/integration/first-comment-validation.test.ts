import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';

/**
 * first_comment and platform_first_comment on POST /posts, POST /posts/preview and PATCH
 * /posts/{id} (docs/api.md, "First comment"): each refusal with its field, what is stored and
 * returned, what a PATCH changes, and the preview of each platform's comment.
 */
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const BOTH = ['linkedin', 'bluesky'];

type Row = [string, Record<string, unknown>, string];
const rows: Row[] = [
  ['a comment over 300 graphemes for Bluesky', { platforms: BOTH, first_comment: 'x'.repeat(301) }, 'first_comment'],
  ['a comment over 1,250 characters for LinkedIn', { platforms: ['linkedin'], first_comment: 'x'.repeat(1251) }, 'first_comment'],
  [
    'a shared comment too long for Bluesky, which has no text of its own',
    { platforms: BOTH, first_comment: 'x'.repeat(400), platform_first_comment: { linkedin: 'short' } },
    'first_comment',
  ],
  [
    'a Bluesky comment of 301 graphemes',
    { platforms: BOTH, platform_first_comment: { bluesky: '🦋'.repeat(301) } },
    'platform_first_comment.bluesky',
  ],
  [
    'a Bluesky comment of 300 graphemes but over 3000 UTF-8 bytes',
    { platforms: BOTH, platform_first_comment: { bluesky: '👩‍👩‍👧'.repeat(300) } },
    'platform_first_comment.bluesky',
  ],
  [
    'a LinkedIn comment of 1,251 characters',
    { platforms: BOTH, platform_first_comment: { linkedin: 'y'.repeat(1251) } },
    'platform_first_comment.linkedin',
  ],
  [
    'a key for a platform not in platforms',
    { platforms: ['bluesky'], platform_first_comment: { linkedin: 'hi' } },
    'platform_first_comment.linkedin',
  ],
  ['an unknown platform key', { platforms: BOTH, platform_first_comment: { mastodon: 'hi' } }, 'platform_first_comment.mastodon'],
  ['a blank first comment', { platforms: BOTH, first_comment: '  ' }, 'first_comment'],
  ['a first comment that is a number', { platforms: BOTH, first_comment: 5 }, 'first_comment'],
  ['a blank platform comment', { platforms: BOTH, platform_first_comment: { bluesky: '' } }, 'platform_first_comment.bluesky'],
  ['platform_first_comment not an object', { platforms: BOTH, platform_first_comment: 'hi' }, 'platform_first_comment'],
  ['a first comment over 3000 characters', { platforms: BOTH, first_comment: 'z'.repeat(3001) }, 'first_comment'],
];

describe('first comment: validation, storage, PATCH and preview', () => {
  let service: TestService;
  let apiKey: string;
  /** Problems of a response against docs/openapi.json's description of it (none expected). */
  let documented: (method: string, path: string, response: { status: number; text: string; headers: Headers }) => string[];
  const statuses: number[] = [];
  const call = async (method: string, path: string, body: unknown) => {
    const response = await service.call(method, path, { key: apiKey, body });
    statuses.push(response.status);
    return response;
  };

  beforeAll(async () => {
    service = await startTestService({}, { scheduler: new RecordingScheduler() });
    const account = await service.createAccount({ plan: 'pro' });
    apiKey = account.apiKey;
    await service.connectProfile(account.accountId, 'bluesky');
    await service.connectProfile(account.accountId, 'linkedin');
    const { buildOpenApiDocument } = await import('../../scripts/openapi/generator');
    const { createResponseValidator } = await import('../../scripts/openapi/response-validator');
    documented = createResponseValidator(buildOpenApiDocument());
  });
  afterAll(async () => {
    await service.stop();
    expect(statuses).not.toContain(500);
  });

  for (const path of ['/posts', '/posts/preview']) {
    it.each(rows)(`${path}: %s → INVALID_FIELD`, async (_, body, field) => {
      const response = await call('POST', path, { content: 'hi', ...body });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ error: 'INVALID_FIELD', message: expect.any(String), field });
    });
  }

  it('accepts exactly 300 graphemes for Bluesky (an emoji counts one) and 1,250 characters for LinkedIn', async () => {
    const response = await call('POST', '/posts', {
      content: 'at the limits',
      platforms: BOTH,
      platform_first_comment: { bluesky: '🦋'.repeat(300), linkedin: 'l'.repeat(1250) },
      scheduled_for: inHours(2),
    });
    expect(response.status).toBe(201);
  });

  it('stores the comment and returns it on create and GET, with each result’s first_comment pending', async () => {
    const created = await call('POST', '/posts', {
      content: 'with a comment',
      platforms: BOTH,
      first_comment: 'Link in here: https://example.com',
      platform_first_comment: { bluesky: 'Bluesky gets its own' },
      scheduled_for: inHours(3),
    });
    expect(created.status).toBe(201);
    const pending = { status: 'pending', url: null, error: null };
    expect(created.json.post).toMatchObject({
      first_comment: 'Link in here: https://example.com',
      platform_first_comment: { bluesky: 'Bluesky gets its own' },
      results: { linkedin: { status: 'pending', first_comment: pending }, bluesky: { status: 'pending', first_comment: pending } },
    });
    const fetched = await service.call('GET', `/posts/${created.json.post.id}`, { key: apiKey });
    expect(fetched.json.post).toEqual(created.json.post);
    expect(documented('POST', '/posts', created)).toEqual([]);
    expect(documented('GET', '/posts/{id}', fetched)).toEqual([]);
  });

  it('PATCH replaces, removes and re-checks the comment against the platforms the post will have', async () => {
    const created = await call('POST', '/posts', {
      content: 'to edit',
      platforms: ['linkedin'],
      first_comment: 'x'.repeat(500),
      scheduled_for: inHours(4),
    });
    const id = created.json.post.id as string;
    // Adding Bluesky: the shared comment of 500 is too long there.
    const tooLong = await call('PATCH', `/posts/${id}`, { platforms: BOTH });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toEqual({ error: 'INVALID_FIELD', message: expect.any(String), field: 'first_comment' });
    // With a Bluesky text of its own, it fits.
    const added = await call('PATCH', `/posts/${id}`, { platforms: BOTH, platform_first_comment: { bluesky: 'short for Bluesky' } });
    expect(added.status).toBe(200);
    expect(added.json.post).toMatchObject({ first_comment: 'x'.repeat(500), platform_first_comment: { bluesky: 'short for Bluesky' } });
    expect(added.json.post.results.bluesky.first_comment).toEqual({ status: 'pending', url: null, error: null });
    // A platform text for a platform the post does not have.
    const stray = await call('PATCH', `/posts/${id}`, { platforms: ['linkedin'], platform_first_comment: { bluesky: 'x' } });
    expect(stray.json).toEqual({ error: 'INVALID_FIELD', message: expect.any(String), field: 'platform_first_comment.bluesky' });
    // Removing Bluesky drops its own comment; null removes the shared one.
    const removed = await call('PATCH', `/posts/${id}`, { platforms: ['linkedin'], first_comment: null });
    expect(removed.status).toBe(200);
    expect(removed.json.post).toMatchObject({ first_comment: null, platform_first_comment: {} });
    expect(removed.json.post.results.linkedin).not.toHaveProperty('first_comment');
    // A long shared comment is fine when Bluesky keeps its own (the post's, not sent again).
    const own = await call('POST', '/posts', {
      content: 'own Bluesky comment',
      platforms: BOTH,
      platform_first_comment: { bluesky: 'own' },
      scheduled_for: inHours(5),
    });
    const longShared = await call('PATCH', `/posts/${own.json.post.id}`, { platforms: BOTH, first_comment: 'x'.repeat(500) });
    expect(longShared.status).toBe(200);
    expect(longShared.json.post).toMatchObject({ first_comment: 'x'.repeat(500), platform_first_comment: { bluesky: 'own' } });
    const again = await call('PATCH', `/posts/${id}`, { first_comment: 'back again' });
    expect(again.json.post.first_comment).toBe('back again');
    expect(again.json.post.results.linkedin.first_comment).toEqual({ status: 'pending', url: null, error: null });
  });

  it('previews each platform’s first comment: plain text for LinkedIn, facets for Bluesky', async () => {
    const response = await call('POST', '/posts/preview', {
      content: 'Launch (v2) #news',
      platforms: BOTH,
      first_comment: 'Details (all of them): https://example.com/v2 #launch',
      platform_first_comment: { bluesky: 'More at https://example.com/v2 @someone.example.com' },
    });
    expect(response.status).toBe(200);
    const { preview } = response.json;
    expect(preview.linkedin).toEqual({
      commentary: 'Launch \\(v2\\) {hashtag|\\#|news}',
      characters: 'Launch \\(v2\\) {hashtag|\\#|news}'.length,
      first_comment: { text: 'Details (all of them): https://example.com/v2 #launch', characters: 53 },
    });
    const text = 'More at https://example.com/v2 @someone.example.com';
    expect(preview.bluesky.first_comment).toEqual({
      text,
      graphemes: text.length,
      facets: [
        { index: { byteStart: 8, byteEnd: 30 }, features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/v2' }] },
      ],
    });
    expect(preview.warnings).toEqual([expect.stringMatching(/^bluesky: @someone\.example\.com in the first comment cannot be checked/)]);
    expect(documented('POST', '/posts/preview', response)).toEqual([]);

    const none = await call('POST', '/posts/preview', { content: 'hello', platforms: ['bluesky'] });
    expect(none.json.preview.bluesky).not.toHaveProperty('first_comment');
  });
});
