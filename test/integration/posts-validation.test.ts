import { startTestService, type TestService } from '../support/test-service';
import { RecordingScheduler } from '../support/recording-scheduler';

/**
 * POST /posts error precedence (docs/api.md, "Posts"), through the local server:
 * INVALID_JSON → INVALID_FIELD (unknown) → MISSING_REQUIRED_FIELD (content, platforms) →
 * INVALID_FIELD (types) → CONTENT_TOO_LONG → INVALID_PLATFORMS → INVALID_SCHEDULED_TIME →
 * PLATFORMS_NOT_CONNECTED → MONTHLY_LIMIT_EXCEEDED → RATE_LIMIT_EXCEEDED (platform).
 */
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const tooLong = 'x'.repeat(3001);
const VALID = ['linkedin', 'bluesky'];

describe('POST /posts validation and precedence', () => {
  let service: TestService;
  let apiKey: string;
  const statuses: number[] = [];

  const post = async (body: unknown, rawBody?: string) => {
    const response = await service.call('POST', '/posts', {
      key: apiKey,
      ...(rawBody !== undefined ? { rawBody, headers: { 'content-type': 'application/json' } } : { body }),
    });
    statuses.push(response.status);
    expect(response.text).not.toMatch(/\n\s+at /);
    return response;
  };

  beforeAll(async () => {
    service = await startTestService({}, { scheduler: new RecordingScheduler() });
    const account = await service.createAccount({ plan: 'pro' });
    apiKey = account.apiKey;
    await service.connectProfile(account.accountId, 'bluesky');
  });
  afterAll(async () => {
    await service.stop();
    expect(statuses).not.toContain(500);
  });

  type Row = [string, unknown, number, string, Record<string, unknown>];
  const rows: Row[] = [
    [
      'unknown field with a suggestion',
      { content: 'hi', platforms: ['bluesky'], scheduledFor: inHours(1) },
      400,
      'INVALID_FIELD',
      { field: 'scheduledFor' },
    ],
    ['content absent', { platforms: ['bluesky'] }, 400, 'MISSING_REQUIRED_FIELD', { field: 'content' }],
    ['content null', { content: null, platforms: ['bluesky'] }, 400, 'MISSING_REQUIRED_FIELD', { field: 'content' }],
    ['content empty', { content: '', platforms: ['bluesky'] }, 400, 'MISSING_REQUIRED_FIELD', { field: 'content' }],
    ['content whitespace only', { content: ' \n\t ', platforms: ['bluesky'] }, 400, 'MISSING_REQUIRED_FIELD', { field: 'content' }],
    ['platforms absent', { content: 'hi' }, 400, 'MISSING_REQUIRED_FIELD', { field: 'platforms' }],
    ['platforms null', { content: 'hi', platforms: null }, 400, 'MISSING_REQUIRED_FIELD', { field: 'platforms' }],
    ['content not a string', { content: 42, platforms: ['bluesky'] }, 400, 'INVALID_FIELD', { field: 'content' }],
    ['content with a lone surrogate', { content: 'a\ud800b', platforms: ['bluesky'] }, 400, 'INVALID_FIELD', { field: 'content' }],
    [
      'content of 3001 characters',
      { content: tooLong, platforms: ['bluesky'] },
      400,
      'CONTENT_TOO_LONG',
      { max_length: 3000, provided_length: 3001 },
    ],
    [
      'content of 1501 emoji (3002 UTF-16 units)',
      { content: '😀'.repeat(1501), platforms: ['bluesky'] },
      400,
      'CONTENT_TOO_LONG',
      { max_length: 3000, provided_length: 3002 },
    ],
    ['platforms not an array', { content: 'hi', platforms: 'bluesky' }, 400, 'INVALID_PLATFORMS', { valid_platforms: VALID }],
    ['platforms empty', { content: 'hi', platforms: [] }, 400, 'INVALID_PLATFORMS', { valid_platforms: VALID }],
    ['an unknown platform', { content: 'hi', platforms: ['bluesky', 'twitter'] }, 400, 'INVALID_PLATFORMS', { valid_platforms: VALID }],
    ['a platform in capitals', { content: 'hi', platforms: ['Bluesky'] }, 400, 'INVALID_PLATFORMS', { valid_platforms: VALID }],
    ['a non-string platform', { content: 'hi', platforms: [1] }, 400, 'INVALID_PLATFORMS', { valid_platforms: VALID }],
    ['scheduled_for not ISO', { content: 'hi', platforms: ['bluesky'], scheduled_for: 'tomorrow' }, 400, 'INVALID_SCHEDULED_TIME', {}],
    [
      'scheduled_for without zone',
      { content: 'hi', platforms: ['bluesky'], scheduled_for: inHours(1).slice(0, 19) },
      400,
      'INVALID_SCHEDULED_TIME',
      {},
    ],
    [
      'scheduled_for date only',
      { content: 'hi', platforms: ['bluesky'], scheduled_for: inHours(48).slice(0, 10) },
      400,
      'INVALID_SCHEDULED_TIME',
      {},
    ],
    [
      'scheduled_for Feb 30',
      { content: 'hi', platforms: ['bluesky'], scheduled_for: '2027-02-30T10:00:00Z' },
      400,
      'INVALID_SCHEDULED_TIME',
      {},
    ],
    ['scheduled_for a number', { content: 'hi', platforms: ['bluesky'], scheduled_for: 1_900_000_000 }, 400, 'INVALID_SCHEDULED_TIME', {}],
    ['scheduled_for in the past', { content: 'hi', platforms: ['bluesky'], scheduled_for: inHours(-1) }, 400, 'INVALID_SCHEDULED_TIME', {}],
    [
      'scheduled_for 30 s ahead',
      { content: 'hi', platforms: ['bluesky'], scheduled_for: new Date(Date.now() + 30_000).toISOString() },
      400,
      'INVALID_SCHEDULED_TIME',
      {},
    ],
    [
      'scheduled_for 366 days ahead',
      { content: 'hi', platforms: ['bluesky'], scheduled_for: inHours(366 * 24) },
      400,
      'INVALID_SCHEDULED_TIME',
      {},
    ],
    [
      'a platform not connected',
      { content: 'hi', platforms: ['bluesky', 'linkedin'] },
      400,
      'PLATFORMS_NOT_CONNECTED',
      { missing_platforms: ['linkedin'] },
    ],
  ];

  it.each(rows)('%s', async (_, body, status, code, extras) => {
    const response = await post(body);
    expect(response.status).toBe(status);
    expect(response.json).toEqual({ error: code, message: expect.any(String), ...extras });
  });

  it('INVALID_JSON for malformed JSON and non-object bodies', async () => {
    for (const raw of ['{"content":', '"text"', '[{"content":"hi"}]', 'null', '']) {
      const response = await post(undefined, raw);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ error: 'INVALID_JSON', message: expect.any(String) });
    }
  });

  it('suggests the right name for a near-miss field, and names missing platforms in the message', async () => {
    expect((await post({ content: 'hi', platforms: ['bluesky'], scheduledFor: inHours(1) })).json.message).toContain('scheduled_for');
    expect((await post({ content: 'hi', platforms: ['linkedin'] })).json.message).toContain('linkedin');
  });

  // Each adjacent pair of the precedence list, both faults in one request: the earlier code wins.
  const pairs: [string, unknown, string][] = [
    ['unknown field + missing content', { platforms: ['bluesky'], extra: 1 }, 'INVALID_FIELD'],
    ['missing content + missing platforms', {}, 'MISSING_REQUIRED_FIELD'],
    ['missing platforms + content wrong type', { content: 5 }, 'MISSING_REQUIRED_FIELD'],
    ['content wrong type + bad platforms', { content: 5, platforms: ['x'] }, 'INVALID_FIELD'],
    ['content too long + bad platforms', { content: tooLong, platforms: ['x'] }, 'CONTENT_TOO_LONG'],
    ['bad platforms + bad time', { content: 'hi', platforms: ['x'], scheduled_for: 'soon' }, 'INVALID_PLATFORMS'],
    ['bad time + not connected', { content: 'hi', platforms: ['linkedin'], scheduled_for: 'soon' }, 'INVALID_SCHEDULED_TIME'],
  ];
  it.each(pairs)('%s', async (_, body, code) => {
    const response = await post(body);
    expect(response.json.error).toBe(code);
  });

  it('missing content is reported before missing platforms', async () => {
    expect((await post({})).json).toMatchObject({ error: 'MISSING_REQUIRED_FIELD', field: 'content' });
  });

  it('accepts exactly 3000 characters, merges duplicate platforms and normalises the scheduled time', async () => {
    const at = new Date(Date.now() + 2 * 3_600_000);
    at.setUTCMilliseconds(0);
    // The same instant written in UTC+02:00.
    const offset = `${new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 19)}+02:00`;
    const response = await post({ content: 'y'.repeat(3000), platforms: ['bluesky', 'bluesky'], scheduled_for: offset });
    expect(response.status).toBe(201);
    expect(response.json.post).toMatchObject({ platforms: ['bluesky'], status: 'scheduled', scheduled_for: at.toISOString() });
  });
});
