import type { Context } from 'aws-lambda';
import { fixedClock, useClock } from '#shared/ports/clock';
import { rejected, ScriptedPublisher } from '../support/fake-publishers';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';

/**
 * The posting queue (docs/api.md, "Posting queue") through the local server on DynamoDB Local:
 * PUT/GET /queue, `queue: true` on POST /posts with the slots spelled out in UTC, the errors,
 * concurrency (no slot shared), LinkedIn spacing, and slots freed by delete, move and failure.
 */
type Handler = (event: unknown, context: Context) => Promise<unknown>;
const context = { awsRequestId: 'queue-test' } as Context;
const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
const BERLIN_SLOTS = weekdays.flatMap((day) => [
  { day, time: '09:00' },
  { day, time: '13:00' },
]);
// Friday 2026-11-27 12:59:30 in Berlin (CET, UTC+1).
const FRIDAY_1259_30 = new Date('2026-11-27T11:59:30.000Z');
const minutes = (from: number, count: number) => Array.from({ length: count }, (_, index) => `09:${String(from + index).padStart(2, '0')}`);

describe('posting queue', () => {
  let service: TestService;
  const scheduler = new RecordingScheduler();
  const linkedin = new ScriptedPublisher('linkedin');
  const bluesky = new ScriptedPublisher('bluesky');
  let publish: Handler;
  let heldQueueSlots: (accountId: string, fromMs: number, untilMs: number) => Promise<Set<number>>;
  const statuses: number[] = [];

  const call = async (...args: Parameters<TestService['call']>) => {
    const response = await service.call(...args);
    statuses.push(response.status);
    return response;
  };
  const newAccount = async () => {
    const account = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(account.accountId, 'linkedin');
    await service.connectProfile(account.accountId, 'bluesky');
    return account;
  };
  const putQueue = (key: string, body: unknown) => call('PUT', '/queue', { key, body });
  const queued = (key: string, platforms = ['bluesky'], extra: Record<string, unknown> = {}) =>
    call('POST', '/posts', { key, body: { content: 'from the queue', platforms, queue: true, ...extra } });
  const expectError = (response: { status: number; json: unknown }, status: number, body: Record<string, unknown>) =>
    expect([response.status, response.json]).toEqual([status, { message: expect.any(String), ...body }]);

  beforeAll(async () => {
    // 50 racing creations, each losing a few slots, share one DynamoDB Local with the other test
    // workers: a longer request deadline than the test default, so a slow machine answers late, not 503.
    service = await startTestService(
      { RATE_LIMIT_REQUESTS: '100000', PUBLISH_MAX_ATTEMPTS: '1', REQUEST_DEADLINE_MS: '28000' },
      { scheduler },
    );
    ({ handler: publish } = (await import('../../functions/publish-post/handler')) as { handler: Handler });
    const { usePlatformPublisher } = await import('#shared/platforms/registry');
    usePlatformPublisher('linkedin', linkedin);
    usePlatformPublisher('bluesky', bluesky);
    ({ heldQueueSlots } = await import('#shared/store/queue'));
  });
  beforeEach(() => useClock(fixedClock(FRIDAY_1259_30)));
  afterEach(() => useClock());
  afterAll(async () => {
    await service.stop();
    expect(statuses).not.toContain(500);
  });

  it('GET /queue is null without a schedule; queue: true then gives QUEUE_NOT_CONFIGURED; with scheduled_for, INVALID_FIELD queue', async () => {
    const { apiKey } = await newAccount();
    expect(await call('GET', '/queue', { key: apiKey })).toMatchObject({ status: 200, json: { queue: null } });
    expectError(await queued(apiKey), 400, { error: 'QUEUE_NOT_CONFIGURED' });
    await putQueue(apiKey, { timezone: 'Europe/Berlin', slots: BERLIN_SLOTS });
    expectError(await queued(apiKey, ['bluesky'], { scheduled_for: '2026-12-01T10:00:00Z' }), 400, {
      error: 'INVALID_FIELD',
      field: 'queue',
    });
    expectError(await queued(apiKey, ['bluesky'], { queue: 'yes' }), 400, { error: 'INVALID_FIELD', field: 'queue' });
    // queue: false is an ordinary post.
    const now = await call('POST', '/posts', { key: apiKey, body: { content: 'now', platforms: ['bluesky'], queue: false } });
    expect(now.json.post).toMatchObject({ status: 'publishing', scheduled_for: null });
  });

  it('PUT /queue refuses an unknown zone, a malformed slot and more than 50 slots, and needs a write key', async () => {
    const { apiKey } = await newAccount();
    expectError(await putQueue(apiKey, { timezone: 'Mars/Olympus_Mons', slots: [] }), 400, { error: 'INVALID_FIELD', field: 'timezone' });
    for (const slots of [
      [{ day: 'monday', time: '09:00' }],
      [{ day: 'mon', time: '9:00' }],
      [{ day: 'mon', time: '24:00' }],
      [{ day: 'mon' }],
      [{ day: 'mon', time: '09:00', extra: true }],
      ['mon 09:00'],
      Array.from({ length: 51 }, (_, index) => ({ day: weekdays[index % 5], time: `10:${String(index).padStart(2, '0')}` })),
    ]) {
      expectError(await putQueue(apiKey, { timezone: 'Europe/Berlin', slots }), 400, { error: 'INVALID_FIELD', field: 'slots' });
    }
    expectError(await putQueue(apiKey, { slots: [] }), 400, { error: 'MISSING_REQUIRED_FIELD', field: 'timezone' });
    expect(await call('GET', '/queue', { key: apiKey })).toMatchObject({ json: { queue: null } });
    const readKey = await call('POST', '/keys', { key: apiKey, body: { name: 'reader', scope: 'read' } });
    expectError(await putQueue(readKey.json.api_key as string, { timezone: 'UTC', slots: [] }), 403, {
      error: 'INSUFFICIENT_SCOPE',
      required_scope: 'write',
    });
    expect((await call('GET', '/queue', { key: readKey.json.api_key as string })).status).toBe(200);
  });

  it('Berlin Mon-Fri 09:00 and 13:00 at Friday 12:59:30: next Mon 09:00, Mon 13:00, Tue 09:00 (08:00Z, 12:00Z, 08:00Z)', async () => {
    const { apiKey } = await newAccount();
    const put = await putQueue(apiKey, { timezone: 'Europe/Berlin', slots: BERLIN_SLOTS });
    expect(put.status).toBe(200);
    expect(put.json.queue).toEqual({
      timezone: 'Europe/Berlin',
      slots: BERLIN_SLOTS,
      next_slots: [
        '2026-11-30T08:00:00.000Z',
        '2026-11-30T12:00:00.000Z',
        '2026-12-01T08:00:00.000Z',
        '2026-12-01T12:00:00.000Z',
        '2026-12-02T08:00:00.000Z',
        '2026-12-02T12:00:00.000Z',
        '2026-12-03T08:00:00.000Z',
        '2026-12-03T12:00:00.000Z',
        '2026-12-04T08:00:00.000Z',
        '2026-12-04T12:00:00.000Z',
      ],
    });
    const times: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const created = await queued(apiKey);
      expect(created.status).toBe(201);
      expect(created.json.post.status).toBe('scheduled');
      expect(scheduler.scheduled.get(created.json.post.id as string)?.toISOString()).toBe(created.json.post.scheduled_for);
      times.push(created.json.post.scheduled_for as string);
    }
    expect(times).toEqual(['2026-11-30T08:00:00.000Z', '2026-11-30T12:00:00.000Z', '2026-12-01T08:00:00.000Z']);
    const after = await call('GET', '/queue', { key: apiKey });
    expect(after.json.queue.next_slots.slice(0, 2)).toEqual(['2026-12-01T12:00:00.000Z', '2026-12-02T08:00:00.000Z']);
  });

  it('deleting a queued post or moving it frees its slot; a new schedule leaves queued posts where they are', async () => {
    const { apiKey } = await newAccount();
    await putQueue(apiKey, { timezone: 'Europe/Berlin', slots: BERLIN_SLOTS });
    const first = (await queued(apiKey)).json.post;
    const second = (await queued(apiKey)).json.post;
    expect([first.scheduled_for, second.scheduled_for]).toEqual(['2026-11-30T08:00:00.000Z', '2026-11-30T12:00:00.000Z']);

    expect((await call('DELETE', `/posts/${first.id}`, { key: apiKey })).status).toBe(204);
    expect((await call('GET', '/queue', { key: apiKey })).json.queue.next_slots[0]).toBe('2026-11-30T08:00:00.000Z');
    const third = (await queued(apiKey)).json.post;
    expect(third.scheduled_for).toBe('2026-11-30T08:00:00.000Z');

    // Moved to Wednesday 10:30 UTC: Monday 13:00 is free again, and the new time holds no slot.
    const moved = await call('PATCH', `/posts/${second.id}`, { key: apiKey, body: { scheduled_for: '2026-12-02T10:30:00Z' } });
    expect(moved.json.post.scheduled_for).toBe('2026-12-02T10:30:00.000Z');
    expect((await call('GET', '/queue', { key: apiKey })).json.queue.next_slots[0]).toBe('2026-11-30T12:00:00.000Z');
    // An edit of the text only keeps the slot.
    const edited = await call('PATCH', `/posts/${third.id}`, { key: apiKey, body: { content: 'new words' } });
    expect(edited.json.post.scheduled_for).toBe('2026-11-30T08:00:00.000Z');
    expect((await call('GET', '/queue', { key: apiKey })).json.queue.next_slots[0]).toBe('2026-11-30T12:00:00.000Z');

    // A new schedule (New York, 10:00 daily): queued posts keep their times and their slots.
    const changed = await putQueue(apiKey, {
      timezone: 'America/New_York',
      slots: ['mon', 'tue'].map((day) => ({ day, time: '03:00' })),
    });
    // Monday 03:00 EST = 08:00Z is Berlin's Monday 09:00, still held by `third`.
    expect(changed.json.queue.next_slots.slice(0, 2)).toEqual(['2026-12-01T08:00:00.000Z', '2026-12-07T08:00:00.000Z']);
    expect((await call('GET', `/posts/${third.id}`, { key: apiKey })).json.post.scheduled_for).toBe('2026-11-30T08:00:00.000Z');
  });

  it('a queued post that fails gives its slot back', async () => {
    const { accountId, apiKey } = await newAccount();
    await putQueue(apiKey, { timezone: 'Europe/Berlin', slots: BERLIN_SLOTS });
    const post = (await queued(apiKey)).json.post;
    const at = new Date(post.scheduled_for as string);
    const range = [at.getTime(), at.getTime() + 1] as const;
    expect([...(await heldQueueSlots(accountId, ...range))]).toEqual([at.getTime()]);
    useClock(fixedClock(at));
    bluesky.answer(rejected());
    await publish({ post_id: post.id, due_at: at.toISOString(), version: 0 }, context);
    expect((await call('GET', `/posts/${post.id}`, { key: apiKey })).json.post.status).toBe('failed');
    expect([...(await heldQueueSlots(accountId, ...range))]).toEqual([]);
  });

  it('QUEUE_FULL when every slot of the next 365 days is held', async () => {
    const { accountId, apiKey } = await newAccount();
    const put = await putQueue(apiKey, { timezone: 'UTC', slots: [{ day: 'mon', time: '09:00' }] });
    expect(put.json.queue.next_slots).toHaveLength(10);
    const { claimQueueSlotItem } = await import('#shared/store/queue');
    const { writeTransaction } = await import('#shared/store/posts');
    const firstMonday = Date.parse('2026-11-30T09:00:00Z');
    await Promise.all(
      Array.from({ length: 53 }, (_, week) =>
        writeTransaction([claimQueueSlotItem(accountId, firstMonday + week * 7 * 86_400_000, 'someone')]),
      ),
    );
    expect((await call('GET', '/queue', { key: apiKey })).json.queue.next_slots).toEqual([]);
    expectError(await queued(apiKey), 409, { error: 'QUEUE_FULL' });
    expect((await call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(0);
  });

  it('50 concurrent queued posts into 20 free slots of the window: the 20 slots go to 20 posts, the other 30 to later slots, none shared', async () => {
    const { accountId, apiKey } = await newAccount();
    // Window: Monday 2026-11-30 09:00-09:19 UTC (20 slots); after it, Tuesday's 20 and the next Monday's.
    await putQueue(apiKey, {
      timezone: 'UTC',
      slots: [...minutes(0, 20).map((time) => ({ day: 'mon', time })), ...minutes(0, 20).map((time) => ({ day: 'tue', time }))],
    });
    const responses = await Promise.all(Array.from({ length: 50 }, () => queued(apiKey)));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201));
    const times = responses.map((response) => Date.parse(response.json.post.scheduled_for as string)).sort((a, b) => a - b);
    expect(new Set(times).size).toBe(50);
    const windowSlots = minutes(0, 20).map((time) => Date.parse(`2026-11-30T${time}:00Z`));
    expect(times.slice(0, 20)).toEqual(windowSlots);
    expect(times.slice(20).every((time) => time > windowSlots[19])).toBe(true);
    expect(times.slice(20, 40)).toEqual(minutes(0, 20).map((time) => Date.parse(`2026-12-01T${time}:00Z`)));
    expect(times.slice(40)).toEqual(minutes(0, 10).map((time) => Date.parse(`2026-12-07T${time}:00Z`)));
    // One slot item per post, each naming its own post.
    const held = await heldQueueSlots(accountId, times[0], times[49] + 1);
    expect([...held].sort((a, b) => a - b)).toEqual(times);
    expect((await call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(50);
  }, 120_000);

  it('a queued LinkedIn post skips slots within 60 s of another LinkedIn post; a Bluesky one does not', async () => {
    const { apiKey } = await newAccount();
    await putQueue(apiKey, { timezone: 'UTC', slots: minutes(0, 10).map((time) => ({ day: 'mon', time })) });
    // A LinkedIn post 30 s after the first slot: slots 09:00 and 09:01 are 30 s from it.
    const other = await call('POST', '/posts', {
      key: apiKey,
      body: { content: 'by hand', platforms: ['linkedin'], scheduled_for: '2026-11-30T09:00:30Z' },
    });
    expect(other.status).toBe(201);
    expect((await queued(apiKey, ['linkedin', 'bluesky'])).json.post.scheduled_for).toBe('2026-11-30T09:02:00.000Z');
    expect((await queued(apiKey, ['bluesky'])).json.post.scheduled_for).toBe('2026-11-30T09:00:00.000Z');
    expect((await queued(apiKey, ['linkedin'])).json.post.scheduled_for).toBe('2026-11-30T09:03:00.000Z');
    expect((await queued(apiKey, ['bluesky'])).json.post.scheduled_for).toBe('2026-11-30T09:01:00.000Z');
  });

  it('concurrent queued LinkedIn posts racing hand-scheduled ones 30 s off the slots: every LinkedIn post at least 60 s from every other', async () => {
    const { apiKey } = await newAccount();
    await putQueue(apiKey, { timezone: 'UTC', slots: minutes(0, 40).map((time) => ({ day: 'mon', time })) });
    const byHand = [5, 11, 17].map((minute) => `2026-11-30T09:${String(minute).padStart(2, '0')}:30Z`);
    const responses = await Promise.all([
      ...Array.from({ length: 12 }, () => queued(apiKey, ['linkedin'])),
      ...byHand.map((scheduled_for) =>
        call('POST', '/posts', { key: apiKey, body: { content: 'by hand', platforms: ['linkedin'], scheduled_for } }),
      ),
    ]);
    // Queued ones always find a slot; a hand-scheduled one may lose its time to a queued post (RATE_LIMIT_EXCEEDED).
    expect(responses.slice(0, 12).map((response) => response.status)).toEqual(Array(12).fill(201));
    for (const response of responses.slice(12)) expect([201, 429]).toContain(response.status);
    const times = responses
      .filter((response) => response.status === 201)
      .map((response) => Date.parse(response.json.post.scheduled_for as string))
      .sort((a, b) => a - b);
    for (let index = 1; index < times.length; index += 1) expect(times[index] - times[index - 1]).toBeGreaterThanOrEqual(60_000);
    const queuedTimes = responses.slice(0, 12).map((response) => response.json.post.scheduled_for as string);
    expect(new Set(queuedTimes).size).toBe(12);
    expect(queuedTimes.every((time) => time.endsWith(':00.000Z'))).toBe(true);
  });
});
