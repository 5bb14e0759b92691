import { ScriptedPublisher } from '../support/fake-publishers';
import { schedulerSettled } from '../support/scheduler-settled';
import { startTestService, type TestService } from '../support/test-service';

/**
 * Repeating posts and evergreen recycling (docs/api.md, "Repeating posts (series)", "Evergreen
 * recycling") through the local server, the local scheduler and publisher on DynamoDB Local, with
 * scripted platforms and time moved by the clock port (never slept). The clock only moves forward:
 * each test works in its own later stretch of 2027.
 */

describe('repeating posts and evergreen recycling', () => {
  let service: TestService;
  const bluesky = new ScriptedPublisher('bluesky');
  const linkedin = new ScriptedPublisher('linkedin');
  let clock: { now(): Date; set(date: Date): void; advance(ms: number): void };

  const newAccount = async (monthlyLimit?: number) => {
    const account = await service.createAccount({ plan: 'pro', monthlyLimit });
    await service.connectProfile(account.accountId, 'bluesky');
    await service.connectProfile(account.accountId, 'linkedin');
    return account;
  };
  const berlinQueue = (apiKey: string, extra: Record<string, unknown> = {}) =>
    service.call('PUT', '/queue', { key: apiKey, body: { timezone: 'Europe/Berlin', slots: [{ day: 'mon', time: '09:00' }], ...extra } });
  const berlinWallTime = (at: Date | string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(
      new Date(at),
    );
  /** Moves the clock to `at` and lets everything then due happen (publications, the series tick). */
  const moveTo = async (at: Date | string) => {
    clock.set(new Date(at));
    await schedulerSettled();
    // A publication's hook may hand a new occurrence over while the first settle ends: settle once more.
    await schedulerSettled();
  };
  const getSeries = (apiKey: string, id: string) => service.call('GET', `/series/${id}`, { key: apiKey });
  const published = (content: string) => bluesky.calls.filter((call) => call.content === content);

  beforeAll(async () => {
    const ports = await import('#shared/ports/clock');
    clock = ports.fixedClock(new Date('2027-03-01T10:00:00.000Z'));
    ports.useClock(clock);
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000', PUBLISH_MAX_ATTEMPTS: '1' });
    const { usePlatformPublisher } = await import('#shared/platforms/registry');
    usePlatformPublisher('bluesky', bluesky);
    usePlatformPublisher('linkedin', linkedin);
  });
  afterAll(async () => {
    await service?.stop();
    (await import('#shared/ports/clock')).useClock();
  });

  it('refuses malformed repeat rules, recycle settings and series ids', async () => {
    const { apiKey } = await newAccount();
    const post = (repeat: unknown) =>
      service.call('POST', '/posts', {
        key: apiKey,
        body: { content: 'Read our guide', platforms: ['bluesky'], scheduled_for: '2027-03-02T09:00:00Z', repeat },
      });
    for (const repeat of [
      { every: { weeks: 1 } }, // neither until nor count
      { every: { weeks: 1 }, until: '2029-06-01T00:00:00Z' }, // over 2 years ahead
      { every: { weeks: 1 }, until: '2027-03-01T12:00:00Z' }, // before the first occurrence
      { every: { weeks: 1 }, until: 'next week' },
      { every: {}, count: 3 },
      { every: { weeks: 1, days: 2 }, count: 3 },
      { every: { weeks: 0 }, count: 3 },
      { every: { fortnights: 1 }, count: 3 },
      { every: { weeks: 1 }, count: 101 },
      { every: { weeks: 1 }, count: 3, variations: Array.from({ length: 11 }, (_, index) => `variation ${index}`) },
      { every: { weeks: 1 }, count: 3, variations: ['fine', '   '] },
      { every: { weeks: 1 }, count: 3, variations: ['x'.repeat(3001)] },
      { every: { weeks: 1 }, count: 3, queue: false },
      { every: { weeks: 1 }, count: 3, extra: true },
      'weekly',
    ]) {
      const response = await post(repeat);
      expect([response.status, response.json]).toEqual([400, { error: 'INVALID_FIELD', field: 'repeat', message: expect.any(String) }]);
    }
    expect((await service.call('GET', '/posts', { key: apiKey })).json.posts).toEqual([]);
    for (const recycle of [{ when_empty: true, min_gap_days: 6 }, { when_empty: 'yes', min_gap_days: 7 }, { min_gap_days: 7 }, 'on']) {
      const response = await berlinQueue(apiKey, { recycle });
      expect([response.status, response.json.error, response.json.field]).toEqual([400, 'INVALID_FIELD', 'recycle']);
    }
    expect((await service.call('GET', '/series/not-an-id', { key: apiKey })).json.error).toBe('INVALID_ID');
    const unknown = await service.call('GET', '/series/2c9d4e1f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', { key: apiKey });
    expect([unknown.status, unknown.json.error]).toEqual([404, 'NOT_FOUND']);
    const readKey = (await service.call('POST', '/keys', { key: apiKey, body: { name: 'reader', scope: 'read' } })).json.api_key as string;
    const refused = await service.call('DELETE', '/series/2c9d4e1f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', { key: readKey });
    expect([refused.status, refused.json.required_scope]).toEqual([403, 'write']);
  });

  it('weekly, three variations, count 5: five posts a week apart at 09:00 Berlin across the DST change, text rotating', async () => {
    clock.set(new Date('2027-03-14T12:00:00.000Z'));
    const { apiKey } = await newAccount();
    expect((await berlinQueue(apiKey)).status).toBe(200);
    const variations = ['Weekly tip, take two', 'Weekly tip, take three', 'Weekly tip, take four'];
    const created = await service.call('POST', '/posts', {
      key: apiKey,
      body: {
        content: 'Weekly tip',
        platforms: ['bluesky'],
        scheduled_for: '2027-03-15T09:00:00+01:00',
        repeat: { every: { weeks: 1 }, count: 5, variations },
      },
    });
    expect(created.status).toBe(201);
    const seriesId: string = created.json.post.series_id;
    expect(seriesId).toMatch(/^[0-9a-f-]{36}$/);
    const first = await getSeries(apiKey, seriesId);
    expect(first.json.series).toEqual({
      id: seriesId,
      rule: { every: { weeks: 1 }, count: 5 },
      variations,
      next_at: '2027-03-22T08:00:00.000Z',
      posts: [{ id: created.json.post.id, status: 'scheduled', scheduled_for: '2027-03-15T08:00:00.000Z' }],
      skipped: [],
    });

    // CET until 28 March, CEST after: 08:00Z, then 07:00Z, always 09:00 in Berlin.
    const times = [
      '2027-03-15T08:00:00.000Z',
      '2027-03-22T08:00:00.000Z',
      '2027-03-29T07:00:00.000Z',
      '2027-04-05T07:00:00.000Z',
      '2027-04-12T07:00:00.000Z',
    ];
    for (const time of times) await moveTo(time);
    const series = (await getSeries(apiKey, seriesId)).json.series;
    expect(series.posts.map((post: { status: string }) => post.status)).toEqual(Array(5).fill('published'));
    expect(series.posts.map((post: { scheduled_for: string }) => post.scheduled_for)).toEqual(times);
    expect(series.next_at).toBeNull();
    expect(series.skipped).toEqual([]);
    const calls = bluesky.calls.filter((call) => series.posts.some((post: { id: string }) => post.id === call.postId));
    expect(calls.map((call) => call.content)).toEqual(['Weekly tip', ...variations, 'Weekly tip']);
    expect(calls.map((call) => berlinWallTime(call.postTime))).toEqual(['Mon 09:00', 'Mon 09:00', 'Mon 09:00', 'Mon 09:00', 'Mon 09:00']);
    // Each occurrence is a post of its own, naming the series; nothing more is made after the fifth.
    for (const post of series.posts) {
      expect((await service.call('GET', `/posts/${post.id}`, { key: apiKey })).json.post.series_id).toBe(seriesId);
    }
    await moveTo('2027-04-19T07:00:00.000Z');
    expect((await getSeries(apiKey, seriesId)).json.series.posts).toHaveLength(5);
    expect(published('Weekly tip')).toHaveLength(2);
  });

  it('deleting the series after the second occurrence stops the rest; a redelivered hook makes no second occurrence', async () => {
    clock.set(new Date('2027-04-20T12:00:00.000Z'));
    const { apiKey, accountId } = await newAccount();
    const created = await service.call('POST', '/posts', {
      key: apiKey,
      body: {
        content: 'Stop me',
        platforms: ['bluesky'],
        scheduled_for: '2027-04-21T10:00:00Z',
        repeat: { every: { days: 7 }, count: 10 },
      },
    });
    const seriesId: string = created.json.post.series_id;
    await moveTo('2027-04-21T10:00:00.000Z');
    // The "published" hook again, twice at once (a redelivery racing the tick): still one next occurrence.
    const { advanceSeries } = await import('#shared/use-cases/series/advance-series');
    await Promise.all([advanceSeries(accountId, seriesId), advanceSeries(accountId, seriesId)]);
    expect((await getSeries(apiKey, seriesId)).json.series.posts).toHaveLength(2);
    await moveTo('2027-04-28T10:00:00.000Z');
    const before = (await getSeries(apiKey, seriesId)).json.series;
    expect(before.posts.map((post: { status: string }) => post.status)).toEqual(['published', 'published', 'scheduled']);
    const waiting: string = before.posts[2].id;

    expect((await service.call('DELETE', `/series/${seriesId}`, { key: apiKey })).status).toBe(204);
    expect((await service.call('GET', `/posts/${waiting}`, { key: apiKey })).status).toBe(404);
    expect((await getSeries(apiKey, seriesId)).status).toBe(404);
    for (const post of before.posts.slice(0, 2)) {
      expect((await service.call('GET', `/posts/${post.id}`, { key: apiKey })).json.post.status).toBe('published');
    }
    await moveTo('2027-05-05T10:00:00.000Z');
    await moveTo('2027-05-12T10:00:00.000Z');
    expect(published('Stop me')).toHaveLength(2);
    const listed = (await service.call('GET', '/posts', { key: apiKey })).json.posts;
    expect(listed).toHaveLength(2);
  });

  it('a monthly limit reached skips one occurrence with its reason; the series goes on next month', async () => {
    clock.set(new Date('2027-05-13T12:00:00.000Z'));
    // Created in May: the first occurrence and the next two (made when their predecessors fall due).
    const { apiKey } = await newAccount(3);
    const created = await service.call('POST', '/posts', {
      key: apiKey,
      body: {
        content: 'Limited',
        platforms: ['bluesky'],
        scheduled_for: '2027-05-14T10:00:00Z',
        repeat: { every: { weeks: 1 }, count: 5 },
      },
    });
    const seriesId: string = created.json.post.series_id;
    for (const time of ['2027-05-14T10:00:00Z', '2027-05-21T10:00:00Z', '2027-05-28T10:00:00Z']) await moveTo(time);
    // The fourth (4 June) was to be made on 28 May, the month's fourth post: skipped.
    let series = (await getSeries(apiKey, seriesId)).json.series;
    expect(series.skipped).toEqual([
      { at: '2027-06-04T10:00:00.000Z', error: { code: 'MONTHLY_LIMIT_EXCEEDED', message: expect.stringContaining('Monthly limit of 3') } },
    ]);
    expect(series.posts).toHaveLength(3);
    expect(series.next_at).toBe('2027-06-11T10:00:00.000Z');
    // Its time comes with no post to fall due: the series tick makes the fifth, counted in June.
    await moveTo('2027-06-04T10:00:00Z');
    await moveTo('2027-06-11T10:00:00Z');
    series = (await getSeries(apiKey, seriesId)).json.series;
    expect(series.posts.map((post: { scheduled_for: string; status: string }) => [post.scheduled_for, post.status])).toEqual([
      ['2027-05-14T10:00:00.000Z', 'published'],
      ['2027-05-21T10:00:00.000Z', 'published'],
      ['2027-05-28T10:00:00.000Z', 'published'],
      ['2027-06-11T10:00:00.000Z', 'published'],
    ]);
    expect(series.next_at).toBeNull();
    expect((await service.call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(1);
  });

  it('PATCH changes the variations and the rule from the next occurrence on', async () => {
    clock.set(new Date('2027-06-12T12:00:00.000Z'));
    const { apiKey } = await newAccount();
    const created = await service.call('POST', '/posts', {
      key: apiKey,
      body: { content: 'Patched', platforms: ['bluesky'], scheduled_for: '2027-06-13T10:00:00Z', repeat: { every: { days: 1 }, count: 3 } },
    });
    const seriesId: string = created.json.post.series_id;
    const patched = await service.call('PATCH', `/series/${seriesId}`, {
      key: apiKey,
      body: { rule: { every: { weeks: 1 }, count: 3 }, variations: ['Patched again'] },
    });
    expect(patched.status).toBe(200);
    // The next occurrence keeps its time (a day on); the one after it is a week after that.
    expect(patched.json.series).toMatchObject({
      rule: { every: { weeks: 1 }, count: 3 },
      variations: ['Patched again'],
      next_at: '2027-06-14T10:00:00.000Z',
    });
    await moveTo('2027-06-13T10:00:00Z');
    await moveTo('2027-06-14T10:00:00Z');
    const series = (await getSeries(apiKey, seriesId)).json.series;
    expect(series.posts.map((post: { scheduled_for: string }) => post.scheduled_for)).toEqual([
      '2027-06-13T10:00:00.000Z',
      '2027-06-14T10:00:00.000Z',
      '2027-06-21T10:00:00.000Z',
    ]);
    expect(published('Patched again')).toHaveLength(1);
    const bad = await service.call('PATCH', `/series/${seriesId}`, { key: apiKey, body: { rule: { every: { weeks: 1 } } } });
    expect([bad.status, bad.json.error, bad.json.field]).toEqual([400, 'INVALID_FIELD', 'rule']);
  });

  it('a draft keeps its repeat rule; scheduling it begins the series', async () => {
    clock.set(new Date('2027-06-22T12:00:00.000Z'));
    const { apiKey } = await newAccount();
    const draft = await service.call('POST', '/posts', {
      key: apiKey,
      body: { content: 'Draft series', platforms: ['bluesky'], draft: true, repeat: { every: { months: 1 }, count: 2 } },
    });
    expect(draft.status).toBe(201);
    expect(draft.json.post).toMatchObject({ status: 'draft', repeat: { every: { months: 1 }, count: 2 } });
    expect(draft.json.post.series_id).toBeUndefined();
    const scheduled = await service.call('POST', `/posts/${draft.json.post.id}/schedule`, {
      key: apiKey,
      body: { scheduled_for: '2027-06-30T10:00:00Z' },
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json.post.repeat).toBeUndefined();
    const series = (await getSeries(apiKey, scheduled.json.post.series_id as string)).json.series;
    // A month on, the same wall-clock time in the series' zone (UTC without a queue).
    expect(series.next_at).toBe('2027-07-30T10:00:00.000Z');
  });

  it('recycling: one free slot tomorrow, nothing scheduled: the evergreen post published longest ago goes there, never one within min_gap_days', async () => {
    const { apiKey } = await newAccount();
    const publishNow = async (at: string, content: string, evergreen = true) => {
      clock.set(new Date(at));
      const response = await service.call('POST', '/posts', { key: apiKey, body: { content, platforms: ['bluesky'], evergreen } });
      expect([response.status, response.json.post.evergreen]).toEqual([201, evergreen ? true : undefined]);
      await schedulerSettled();
    };
    await publishNow('2027-07-01T10:00:00Z', 'Evergreen, oldest');
    await publishNow('2027-07-10T10:00:00Z', 'Evergreen, newer');
    await publishNow('2027-07-20T10:00:00Z', 'Not evergreen, older still', false);
    await publishNow('2027-07-28T10:00:00Z', 'Evergreen, too recent');
    // Friday 30 July 2027, 12:00 Berlin; the queue's one slot is Saturday 10:00 Berlin.
    clock.set(new Date('2027-07-30T10:00:00Z'));
    const put = await service.call('PUT', '/queue', {
      key: apiKey,
      body: { timezone: 'Europe/Berlin', slots: [{ day: 'sat', time: '10:00' }], recycle: { when_empty: true, min_gap_days: 7 } },
    });
    expect(put.json.queue.recycle).toEqual({ when_empty: true, min_gap_days: 7 });
    await moveTo('2027-07-30T10:02:00Z');
    let scheduled = (await service.call('GET', '/posts?status=scheduled', { key: apiKey })).json.posts;
    expect(
      scheduled.map((post: { content: string; scheduled_for: string; evergreen?: boolean }) => [
        post.content,
        post.scheduled_for,
        post.evergreen,
      ]),
    ).toEqual([['Evergreen, oldest', '2027-07-31T08:00:00.000Z', true]]);
    // Nothing more while that slot is taken; the copy publishes, and a week on the next line goes (never the recent one).
    await moveTo('2027-07-31T08:00:00Z');
    await moveTo('2027-08-06T10:00:00Z');
    scheduled = (await service.call('GET', '/posts?status=scheduled', { key: apiKey })).json.posts;
    expect(scheduled.map((post: { content: string }) => post.content)).toEqual(['Evergreen, newer']);
    // PUT /queue without recycle keeps it; null turns it off.
    expect((await berlinQueue(apiKey)).json.queue.recycle).toEqual({ when_empty: true, min_gap_days: 7 });
    expect((await berlinQueue(apiKey, { recycle: null })).json.queue.recycle).toBeUndefined();
  });

  it('recycling never queues a post published within min_gap_days', async () => {
    clock.set(new Date('2027-08-07T10:00:00Z'));
    const { apiKey } = await newAccount();
    const response = await service.call('POST', '/posts', {
      key: apiKey,
      body: { content: 'Fresh evergreen', platforms: ['bluesky'], evergreen: true },
    });
    expect(response.status).toBe(201);
    await schedulerSettled();
    clock.set(new Date('2027-08-10T10:00:00Z'));
    await service.call('PUT', '/queue', {
      key: apiKey,
      body: { timezone: 'UTC', slots: [{ day: 'wed', time: '12:00' }], recycle: { when_empty: true, min_gap_days: 7 } },
    });
    await moveTo('2027-08-10T10:05:00Z');
    expect((await service.call('GET', '/posts?status=scheduled', { key: apiKey })).json.posts).toEqual([]);
  });
});
