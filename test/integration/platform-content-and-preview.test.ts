import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { localClient } from '../../local/dynamodb-local';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';

/**
 * platform_content on POST /posts and POST /posts/preview (docs/api.md, "Per-platform text, preview and link cards"): each error with
 * its fields and its place in the precedence, on both endpoints; what is stored and returned;
 * the preview's answer; and that the preview writes and counts nothing.
 */
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const BOTH = ['linkedin', 'bluesky'];

type Row = [string, unknown, string, Record<string, unknown>];
const rows: Row[] = [
  [
    'a blank LinkedIn text',
    { content: 'hi', platforms: BOTH, platform_content: { linkedin: ' \n ' } },
    'MISSING_REQUIRED_FIELD',
    { field: 'platform_content.linkedin' },
  ],
  [
    'an empty Bluesky text',
    { content: 'hi', platforms: BOTH, platform_content: { bluesky: '' } },
    'MISSING_REQUIRED_FIELD',
    { field: 'platform_content.bluesky' },
  ],
  [
    'a null Bluesky text',
    { content: 'hi', platforms: BOTH, platform_content: { bluesky: null } },
    'MISSING_REQUIRED_FIELD',
    { field: 'platform_content.bluesky' },
  ],
  [
    'a LinkedIn text that is a number',
    { content: 'hi', platforms: BOTH, platform_content: { linkedin: 7 } },
    'INVALID_FIELD',
    { field: 'platform_content.linkedin' },
  ],
  [
    'a lone surrogate in a Bluesky text',
    { content: 'hi', platforms: BOTH, platform_content: { bluesky: 'a\ud800' } },
    'INVALID_FIELD',
    { field: 'platform_content.bluesky' },
  ],
  [
    'a LinkedIn text of 3001',
    { content: 'hi', platforms: BOTH, platform_content: { linkedin: 'x'.repeat(3001) } },
    'CONTENT_TOO_LONG',
    { max_length: 3000, provided_length: 3001 },
  ],
  [
    'a Bluesky text of 1501 emoji',
    { content: 'hi', platforms: BOTH, platform_content: { bluesky: '😀'.repeat(1501) } },
    'CONTENT_TOO_LONG',
    { max_length: 3000, provided_length: 3002 },
  ],
  [
    'an unknown platform key',
    { content: 'hi', platforms: BOTH, platform_content: { twitter: 'hi' } },
    'INVALID_FIELD',
    { field: 'platform_content.twitter' },
  ],
  [
    'platform_content not an object',
    { content: 'hi', platforms: BOTH, platform_content: 'hi' },
    'INVALID_FIELD',
    { field: 'platform_content' },
  ],
  ['platform_content null', { content: 'hi', platforms: BOTH, platform_content: null }, 'INVALID_FIELD', { field: 'platform_content' }],
  [
    'a key for a platform not in platforms',
    { content: 'hi', platforms: ['bluesky'], platform_content: { linkedin: 'hi' } },
    'INVALID_FIELD',
    { field: 'platform_content.linkedin' },
  ],
  // Precedence, both faults in one request: the earlier code wins.
  [
    'unknown key before missing content',
    { platforms: BOTH, platform_content: { mastodon: 'x' } },
    'INVALID_FIELD',
    { field: 'platform_content.mastodon' },
  ],
  [
    'missing content before a blank platform text',
    { platforms: BOTH, platform_content: { linkedin: '' } },
    'MISSING_REQUIRED_FIELD',
    { field: 'content' },
  ],
  [
    'missing platforms before a blank platform text',
    { content: 'hi', platform_content: { linkedin: '' } },
    'MISSING_REQUIRED_FIELD',
    { field: 'platforms' },
  ],
  [
    'a blank platform text before a wrong type',
    { content: 5, platforms: BOTH, platform_content: { linkedin: '' } },
    'MISSING_REQUIRED_FIELD',
    { field: 'platform_content.linkedin' },
  ],
  [
    'a wrong type before CONTENT_TOO_LONG',
    { content: 'x'.repeat(3001), platforms: BOTH, platform_content: { linkedin: 5 } },
    'INVALID_FIELD',
    { field: 'platform_content.linkedin' },
  ],
  [
    "content's length before a platform text's",
    { content: 'x'.repeat(3002), platforms: BOTH, platform_content: { linkedin: 'y'.repeat(3001) } },
    'CONTENT_TOO_LONG',
    { max_length: 3000, provided_length: 3002 },
  ],
  [
    'LinkedIn text length before Bluesky text length',
    { content: 'hi', platforms: BOTH, platform_content: { bluesky: 'y'.repeat(3003), linkedin: 'y'.repeat(3001) } },
    'CONTENT_TOO_LONG',
    { max_length: 3000, provided_length: 3001 },
  ],
  [
    'a platform text too long before bad platforms',
    { content: 'hi', platforms: ['x'], platform_content: { linkedin: 'y'.repeat(3001) } },
    'CONTENT_TOO_LONG',
    { max_length: 3000, provided_length: 3001 },
  ],
  [
    'bad platforms before a key not in platforms',
    { content: 'hi', platforms: ['x'], platform_content: { linkedin: 'hi' } },
    'INVALID_PLATFORMS',
    { valid_platforms: BOTH },
  ],
  [
    'a key not in platforms before a bad time',
    { content: 'hi', platforms: ['linkedin'], platform_content: { bluesky: 'hi' }, scheduled_for: 'soon' },
    'INVALID_FIELD',
    { field: 'platform_content.bluesky' },
  ],
];

describe('platform_content and POST /posts/preview', () => {
  let service: TestService;
  let apiKey: string;
  const statuses: number[] = [];
  const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await service.call('POST', path, { key: apiKey, body, headers });
    statuses.push(response.status);
    return response;
  };

  /** Every post, counter and slot item (rate-limit windows and key use times change on every request). */
  async function postingItems(): Promise<string[]> {
    const client = localClient(service.endpoint);
    const { Items = [] } = await client.send(new ScanCommand({ TableName: service.tableName, ConsistentRead: true }));
    client.destroy();
    return (
      Items.map((raw) => unmarshall(raw))
        // Keys, their count and accounts: what creating the stranger's account below writes, not a preview.
        .filter((item) => !String(item.type).startsWith('api_key') && item.type !== 'account' && item.type !== 'key_count')
        .map((item) => JSON.stringify(item))
        .sort()
    );
  }

  beforeAll(async () => {
    service = await startTestService({}, { scheduler: new RecordingScheduler() });
    const account = await service.createAccount({ plan: 'pro' });
    apiKey = account.apiKey;
    await service.connectProfile(account.accountId, 'bluesky');
    await service.connectProfile(account.accountId, 'linkedin');
  });
  afterAll(async () => {
    await service.stop();
    expect(statuses).not.toContain(500);
  });

  for (const path of ['/posts', '/posts/preview']) {
    it.each(rows)(`${path}: %s`, async (_, body, code, extras) => {
      const response = await call(path, body);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ error: code, message: expect.any(String), ...extras });
    });
  }

  it('stores platform_content, returns it on create, GET and list, and counts one post', async () => {
    const platform_content = { linkedin: 'For LinkedIn (formal) #news', bluesky: 'for bluesky 🦋' };
    const created = await call('/posts', { content: 'shared', platforms: BOTH, platform_content, scheduled_for: inHours(2) });
    expect(created.status).toBe(201);
    expect(created.json.post).toMatchObject({ content: 'shared', platform_content });
    expect(created.json.usage.used).toBe(1);
    const fetched = await service.call('GET', `/posts/${created.json.post.id}`, { key: apiKey });
    expect(fetched.json.post.platform_content).toEqual(platform_content);
    const listed = await service.call('GET', '/posts', { key: apiKey });
    expect(listed.json.posts.find((post: { id: string }) => post.id === created.json.post.id).platform_content).toEqual(platform_content);

    const plain = await call('/posts', { content: 'no overrides', platforms: ['bluesky'], scheduled_for: inHours(3) });
    expect(plain.json.post.platform_content).toEqual({});
    expect(plain.json.usage.used).toBe(2);
  });

  it('previews each platform with its own text, escaped for LinkedIn and split with facets for Bluesky', async () => {
    const bluesky = `${'word '.repeat(70)}https://example.com/a #tag @someone.example.com`;
    const response = await call('/posts/preview', {
      content: 'ignored',
      platforms: BOTH,
      platform_content: { linkedin: 'Hi (all) #launch', bluesky },
    });
    expect(response.status).toBe(200);
    const { preview } = response.json;
    expect(Object.keys(preview).sort()).toEqual(['bluesky', 'linkedin', 'warnings']);
    expect(preview.linkedin).toEqual({
      commentary: 'Hi \\(all\\) {hashtag|\\#|launch}',
      characters: 'Hi \\(all\\) {hashtag|\\#|launch}'.length,
    });
    expect(preview.bluesky.posts).toHaveLength(2);
    expect(preview.bluesky.posts[0]).toEqual({ text: 'word '.repeat(60).trimEnd(), graphemes: 299, facets: [] });
    const second = preview.bluesky.posts[1];
    expect(second.text).toBe(`${'word '.repeat(10)}https://example.com/a #tag @someone.example.com`);
    expect(second.graphemes).toBe([...second.text].length);
    const at = (needle: string) => Buffer.byteLength(second.text.slice(0, second.text.indexOf(needle)));
    expect(second.facets).toEqual([
      {
        index: { byteStart: at('https'), byteEnd: at('https') + 21 },
        features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/a' }],
      },
      { index: { byteStart: at('#tag'), byteEnd: at('#tag') + 4 }, features: [{ $type: 'app.bsky.richtext.facet#tag', tag: 'tag' }] },
    ]);
    expect(preview.warnings).toEqual([
      expect.stringMatching(/^bluesky: .*thread of 2 posts/),
      expect.stringMatching(/^bluesky: @someone\.example\.com cannot be checked/),
    ]);
  });

  it('previews only the platforms asked for, uses content where no override, and warns near the LinkedIn limit', async () => {
    const near = await call('/posts/preview', { content: '('.repeat(1400), platforms: ['linkedin'] });
    expect(near.json).toEqual({
      preview: {
        linkedin: { commentary: '\\('.repeat(1400), characters: 2800 },
        warnings: [expect.stringMatching(/^linkedin: .*2800 of 3000/)],
      },
    });
    const over = await call('/posts/preview', { content: '#'.repeat(1600), platforms: ['linkedin'] });
    expect(over.json.preview.warnings).toEqual([expect.stringMatching(/^linkedin: .*3200 .*over/)]);
    const short = await call('/posts/preview', { content: 'hello', platforms: ['bluesky', 'bluesky'] });
    expect(short.json).toEqual({ preview: { bluesky: { posts: [{ text: 'hello', graphemes: 1 * 5, facets: [] }] }, warnings: [] } });
  });

  it('warns when a link longer than a post has to be cut between posts', async () => {
    const link = `https://example.com/${'a'.repeat(400)}`;
    const response = await call('/posts/preview', { content: `see ${link}`, platforms: ['bluesky'] });
    expect(response.json.preview.bluesky.posts.length).toBeGreaterThan(1);
    expect(response.json.preview.warnings).toContainEqual(expect.stringContaining(`the link ${link} is longer`));
  });

  it('writes and counts nothing, checks no connection, and still rejects a bad scheduled time', async () => {
    const before = await postingItems();
    const usage = (await service.call('GET', '/usage', { key: apiKey })).json.usage.used;
    for (let i = 0; i < 3; i += 1) {
      const response = await call(
        '/posts/preview',
        { content: `draft ${i}`, platforms: BOTH, scheduled_for: inHours(1) },
        { 'idempotency-key': 'same-key' },
      );
      expect(response.status).toBe(200);
    }
    const stranger = await service.createAccount({ plan: 'free', monthlyLimit: 0 });
    const unconnected = await service.call('POST', '/posts/preview', { key: stranger.apiKey, body: { content: 'x', platforms: BOTH } });
    expect(unconnected.status).toBe(200);
    expect((await call('/posts/preview', { content: 'x', platforms: BOTH, scheduled_for: inHours(-1) })).json).toEqual({
      error: 'INVALID_SCHEDULED_TIME',
      message: expect.any(String),
    });
    expect(await postingItems()).toEqual(before);
    expect((await service.call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(usage);
  });
});
