import { RecordingScheduler } from '../support/recording-scheduler';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import { accountWithLogin, signIn, uniqueEmail } from './dashboard-client';

/**
 * Drafts (docs/api.md, "Drafts"): saved without connection, limit or spacing checks and not
 * counted; POST /posts/{id}/schedule applies every check at that moment and counts then, once
 * under concurrent calls; a draft key proposes, only a write key schedules.
 */
const minuteAligned = (minutesAhead: number) => {
  const at = new Date(Date.now() + minutesAhead * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
};
const nextMonth = () => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toISOString();

describe('drafts', () => {
  let service: TestService;
  const scheduler = new RecordingScheduler();
  const statuses: number[] = [];

  const call = async (...args: Parameters<TestService['call']>) => {
    const response = await service.call(...args);
    statuses.push(response.status);
    return response;
  };

  /** An account with both platforms connected, its admin key, and a draft and a write key. */
  const account = async (monthlyLimit = 10) => {
    const { accountId, apiKey } = await service.createAccount({ monthlyLimit });
    await service.connectProfile(accountId, 'bluesky');
    await service.connectProfile(accountId, 'linkedin');
    const key = async (name: string, scope: string) => {
      const created = await call('POST', '/keys', { key: apiKey, body: { name, scope } });
      expect(created.status).toBe(201);
      registerSecret(created.json.api_key);
      return { id: created.json.key.id as string, value: created.json.api_key as string };
    };
    return { accountId, admin: apiKey, draft: await key('proposing agent', 'draft'), write: await key('approver', 'write') };
  };
  const usedThisMonth = async (key: string) => (await call('GET', '/usage', { key })).json.usage.used as number;

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' }, { scheduler });
  });
  afterAll(async () => {
    await service.stop();
    expect(statuses).not.toContain(500);
  });

  it('saves a draft without counting, connecting or scheduling it, and records which key created it', async () => {
    const { accountId, apiKey } = await service.createAccount({ monthlyLimit: 5 }); // nothing connected
    const created = await call('POST', '/keys', { key: apiKey, body: { name: 'newsletter bot', scope: 'draft' } });
    registerSecret(created.json.api_key);
    const draftKey = created.json.api_key as string;
    const wish = minuteAligned(30).toISOString();

    const draft = await call('POST', '/posts', {
      key: draftKey,
      body: { content: 'An idea for Monday', platforms: ['linkedin', 'bluesky'], scheduled_for: wish, draft: true },
    });
    expect(draft.status).toBe(201);
    expect(draft.json.post).toMatchObject({
      status: 'draft',
      scheduled_for: wish,
      platforms: ['linkedin', 'bluesky'],
      created_by: { type: 'api_key', key_id: created.json.key.id, key_name: 'newsletter bot' },
    });
    expect(draft.json.usage).toMatchObject({ limit: 5, used: 0, remaining: 5 });
    expect(await usedThisMonth(apiKey)).toBe(0);
    expect(scheduler.scheduled.has(draft.json.post.id)).toBe(false);
    expect(scheduler.immediate).not.toContain(draft.json.post.id);

    const read = await call('GET', `/posts/${draft.json.post.id}`, { key: draftKey });
    expect(read.json.post.created_by).toEqual({ type: 'api_key', key_id: created.json.key.id, key_name: 'newsletter bot' });

    // Scheduling applies the connection check then, and leaves the draft as it was.
    const scheduled = await call('POST', `/posts/${draft.json.post.id}/schedule`, { key: apiKey, body: {} });
    expect(scheduled.status).toBe(400);
    expect(scheduled.json).toEqual({
      error: 'PLATFORMS_NOT_CONNECTED',
      message: expect.stringContaining('linkedin'),
      missing_platforms: ['linkedin', 'bluesky'],
    });
    expect((await call('GET', `/posts/${draft.json.post.id}`, { key: apiKey })).json.post.status).toBe('draft');
    expect(await usedThisMonth(apiKey)).toBe(0);
    void accountId;
  });

  it('validates a draft like a post up to the platforms and the scheduled time', async () => {
    const { draft } = await account();
    const tooLong = await call('POST', '/posts', {
      key: draft.value,
      body: { content: 'x'.repeat(3001), platforms: ['bluesky'], draft: true },
    });
    expect(tooLong.json).toMatchObject({ error: 'CONTENT_TOO_LONG', max_length: 3000, provided_length: 3001 });
    const platforms = await call('POST', '/posts', { key: draft.value, body: { content: 'x', platforms: ['myspace'], draft: true } });
    expect(platforms.json).toMatchObject({ error: 'INVALID_PLATFORMS' });
    const past = await call('POST', '/posts', {
      key: draft.value,
      body: { content: 'x', platforms: ['bluesky'], draft: true, scheduled_for: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(past.json).toMatchObject({ error: 'INVALID_SCHEDULED_TIME' });
    const notBoolean = await call('POST', '/posts', { key: draft.value, body: { content: 'x', platforms: ['bluesky'], draft: 'yes' } });
    expect(notBoolean.json).toMatchObject({ error: 'INVALID_FIELD', field: 'draft' });
  });

  it('lets a draft key create, edit and delete drafts, and nothing more', async () => {
    const { admin, draft } = await account();
    const created = await call('POST', '/posts', { key: draft.value, body: { content: 'first try', platforms: ['bluesky'], draft: true } });
    expect(created.status).toBe(201);
    const id = created.json.post.id as string;

    const wish = minuteAligned(90).toISOString();
    const edited = await call('PATCH', `/posts/${id}`, {
      key: draft.value,
      body: { content: 'second try', platforms: ['bluesky', 'linkedin'], scheduled_for: wish },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.post).toMatchObject({
      status: 'draft',
      content: 'second try',
      platforms: ['bluesky', 'linkedin'],
      scheduled_for: wish,
    });
    expect(scheduler.scheduled.has(id)).toBe(false);

    const insufficient = { error: 'INSUFFICIENT_SCOPE', message: expect.any(String), required_scope: 'write' };
    const schedule = await call('POST', `/posts/${id}/schedule`, { key: draft.value, body: {} });
    expect(schedule.status).toBe(403);
    expect(schedule.json).toEqual(insufficient);
    const real = await call('POST', '/posts', { key: draft.value, body: { content: 'straight out', platforms: ['bluesky'] } });
    expect(real.status).toBe(403);
    expect(real.json).toEqual(insufficient);
    const realFalse = await call('POST', '/posts', {
      key: draft.value,
      body: { content: 'straight out', platforms: ['bluesky'], draft: false },
    });
    expect(realFalse.json).toEqual(insufficient);

    // A post that is not a draft: neither edited nor deleted with the draft key.
    const scheduled = await call('POST', '/posts', {
      key: admin,
      body: { content: 'the real one', platforms: ['bluesky'], scheduled_for: minuteAligned(120).toISOString() },
    });
    expect(scheduled.status).toBe(201);
    const edit = await call('PATCH', `/posts/${scheduled.json.post.id}`, { key: draft.value, body: { content: 'hijacked' } });
    expect(edit.status).toBe(403);
    expect(edit.json).toEqual(insufficient);
    const remove = await call('DELETE', `/posts/${scheduled.json.post.id}`, { key: draft.value });
    expect(remove.status).toBe(403);
    expect(remove.json).toEqual(insufficient);
    expect((await call('GET', `/posts/${scheduled.json.post.id}`, { key: admin })).json.post.content).toBe('the real one');

    const deleted = await call('DELETE', `/posts/${id}`, { key: draft.value });
    expect(deleted.status).toBe(204);
    expect((await call('GET', `/posts/${id}`, { key: admin })).status).toBe(404);
  });

  it('lists drafts with status=draft', async () => {
    const { admin, draft } = await account();
    const ids: string[] = [];
    for (const content of ['one', 'two']) {
      const created = await call('POST', '/posts', { key: draft.value, body: { content, platforms: ['bluesky'], draft: true } });
      ids.push(created.json.post.id);
    }
    const real = await call('POST', '/posts', { key: admin, body: { content: 'real', platforms: ['bluesky'] } });
    expect(real.status).toBe(201);
    expect(real.json.post.created_by).toMatchObject({ type: 'api_key', key_name: expect.any(String) });
    const listed = await call('GET', '/posts?status=draft', { key: draft.value });
    expect(listed.status).toBe(200);
    expect(listed.json.posts.map((post: { id: string }) => post.id)).toEqual([...ids].reverse());
    expect(listed.json.posts.every((post: { status: string; created_by: { key_name: string } }) => post.status === 'draft')).toBe(true);
    expect(listed.json.posts[0].created_by.key_name).toBe('proposing agent');
  });

  it('schedules a draft with a write key: counted then, handed to the scheduler, and only drafts can be', async () => {
    const { admin, draft, write } = await account(3);
    const wish = minuteAligned(45);
    const created = await call('POST', '/posts', {
      key: draft.value,
      body: { content: 'approve me', platforms: ['bluesky'], scheduled_for: wish.toISOString(), draft: true },
    });
    const id = created.json.post.id as string;
    expect(await usedThisMonth(admin)).toBe(0);

    // Absent scheduled_for: the draft's wished time.
    const scheduled = await call('POST', `/posts/${id}/schedule`, {
      key: write.value,
      body: {},
      headers: { 'idempotency-key': 'approve-1' },
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json).toEqual({ post: expect.objectContaining({ id, status: 'scheduled', scheduled_for: wish.toISOString() }) });
    expect(scheduled.json.post.created_by.key_name).toBe('proposing agent');
    expect(scheduler.scheduled.get(id)?.toISOString()).toBe(wish.toISOString());
    expect(scheduler.versions.get(id)).toBe(1);
    expect(await usedThisMonth(admin)).toBe(1);

    const replay = await call('POST', `/posts/${id}/schedule`, { key: write.value, body: {}, headers: { 'idempotency-key': 'approve-1' } });
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual(scheduled.json);
    const again = await call('POST', `/posts/${id}/schedule`, { key: write.value, body: {} });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: 'INVALID_POST_STATE', message: expect.any(String), status: 'scheduled' });
    expect(await usedThisMonth(admin)).toBe(1);

    // null: now.
    const other = await call('POST', '/posts', { key: draft.value, body: { content: 'now please', platforms: ['bluesky'], draft: true } });
    const now = await call('POST', `/posts/${other.json.post.id}/schedule`, { key: write.value, body: { scheduled_for: null } });
    expect(now.status).toBe(200);
    expect(now.json.post).toMatchObject({ status: 'publishing', scheduled_for: null });
    expect(scheduler.immediate).toContain(other.json.post.id);

    const unknown = await call('POST', '/posts/00000000-0000-4000-8000-000000000000/schedule', { key: write.value, body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: 'POST_NOT_FOUND' });
    const badTime = await call('POST', `/posts/${id}/schedule`, { key: write.value, body: { scheduled_for: 'tomorrow' } });
    expect(badTime.json).toMatchObject({ error: 'INVALID_SCHEDULED_TIME' });
  });

  it('approves a draft to the posting queue: its first free slot, counted then; QUEUE_NOT_CONFIGURED without a schedule', async () => {
    const { admin, draft, write } = await account(5);
    const proposed = await call('POST', '/posts', {
      key: draft.value,
      body: { content: 'to the queue', platforms: ['bluesky'], draft: true },
    });
    const id = proposed.json.post.id as string;
    const queuedDraft = await call('POST', '/posts', {
      key: draft.value,
      body: { content: 'q', platforms: ['bluesky'], draft: true, queue: true },
    });
    expect(queuedDraft.status).toBe(400);
    expect(queuedDraft.json).toMatchObject({ error: 'INVALID_FIELD', field: 'queue' });
    const noSchedule = await call('POST', `/posts/${id}/schedule`, { key: write.value, body: { queue: true } });
    expect(noSchedule.status).toBe(400);
    expect(noSchedule.json).toEqual({ error: 'QUEUE_NOT_CONFIGURED', message: expect.any(String) });
    const slots = [
      { day: 'mon', time: '09:00' },
      { day: 'thu', time: '15:30' },
    ];
    const put = await call('PUT', '/queue', { key: write.value, body: { timezone: 'Europe/Berlin', slots } });
    expect(put.status).toBe(200);
    const both = await call('POST', `/posts/${id}/schedule`, { key: write.value, body: { queue: true, scheduled_for: null } });
    expect(both.status).toBe(200); // null is "now", which queue: true replaces only when absent or null
    expect(both.json.post.scheduled_for).toBe(put.json.queue.next_slots[0]);
    expect(await usedThisMonth(admin)).toBe(1);
    const second = await call('POST', '/posts', { key: draft.value, body: { content: 'second', platforms: ['bluesky'], draft: true } });
    const withTime = await call('POST', `/posts/${second.json.post.id}/schedule`, {
      key: write.value,
      body: { queue: true, scheduled_for: put.json.queue.next_slots[3] },
    });
    expect(withTime.status).toBe(400);
    expect(withTime.json).toMatchObject({ error: 'INVALID_FIELD', field: 'queue' });
    const queued = await call('POST', `/posts/${second.json.post.id}/schedule`, { key: write.value, body: { queue: true } });
    expect(queued.status).toBe(200);
    expect(queued.json.post).toMatchObject({ status: 'scheduled', scheduled_for: put.json.queue.next_slots[1] });
  });

  it('refuses to schedule a draft at the monthly limit and leaves it a draft', async () => {
    const { admin, draft, write } = await account(1);
    expect((await call('POST', '/posts', { key: admin, body: { content: 'uses the month', platforms: ['bluesky'] } })).status).toBe(201);
    const created = await call('POST', '/posts', {
      key: draft.value,
      body: { content: 'over the limit', platforms: ['bluesky'], draft: true },
    });
    expect(created.status).toBe(201);
    expect(created.json.usage).toMatchObject({ limit: 1, used: 1, remaining: 0 });

    const refused = await call('POST', `/posts/${created.json.post.id}/schedule`, { key: write.value, body: { scheduled_for: null } });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      error: 'MONTHLY_LIMIT_EXCEEDED',
      message: expect.any(String),
      limit: 1,
      used: 1,
      resets_at: nextMonth(),
    });
    const after = await call('GET', `/posts/${created.json.post.id}`, { key: admin });
    expect(after.json.post).toMatchObject({ status: 'draft', scheduled_for: null });
    expect(scheduler.immediate).not.toContain(created.json.post.id);
    expect(await usedThisMonth(admin)).toBe(1);
  });

  it('refuses to schedule a draft into a LinkedIn spacing conflict with next_available, and leaves it a draft', async () => {
    const { admin, draft, write } = await account();
    const at = minuteAligned(20);
    const seconds = (offset: number) => new Date(at.getTime() + offset * 1000).toISOString();
    expect(
      (await call('POST', '/posts', { key: admin, body: { content: 'a', platforms: ['linkedin'], scheduled_for: seconds(0) } })).status,
    ).toBe(201);
    expect(
      (await call('POST', '/posts', { key: admin, body: { content: 'b', platforms: ['linkedin'], scheduled_for: seconds(90) } })).status,
    ).toBe(201);
    // The draft is not spaced: its wished time may sit between the two.
    const created = await call('POST', '/posts', {
      key: draft.value,
      body: { content: 'c', platforms: ['linkedin', 'bluesky'], scheduled_for: seconds(30), draft: true },
    });
    expect(created.status).toBe(201);

    const refused = await call('POST', `/posts/${created.json.post.id}/schedule`, { key: write.value, body: {} });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      error: 'RATE_LIMIT_EXCEEDED',
      message: expect.stringContaining('60'),
      platform: 'linkedin',
      next_available: seconds(150),
    });
    expect((await call('GET', `/posts/${created.json.post.id}`, { key: admin })).json.post.status).toBe('draft');
    expect(await usedThisMonth(admin)).toBe(2);

    const moved = await call('POST', `/posts/${created.json.post.id}/schedule`, {
      key: write.value,
      body: { scheduled_for: seconds(150) },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.post).toMatchObject({ status: 'scheduled', scheduled_for: seconds(150) });
    expect(await usedThisMonth(admin)).toBe(3);
  });

  it.each([1, 2, 3])('round %i: two concurrent schedule calls of one draft give one 200 and one 409 INVALID_POST_STATE', async () => {
    const { admin, draft, write } = await account();
    const created = await call('POST', '/posts', {
      key: draft.value,
      body: { content: 'race', platforms: ['linkedin', 'bluesky'], scheduled_for: minuteAligned(60).toISOString(), draft: true },
    });
    const id = created.json.post.id as string;
    const responses = await Promise.all([1, 2].map(() => call('POST', `/posts/${id}/schedule`, { key: write.value, body: {} })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const loser = responses.find((response) => response.status === 409);
    expect(loser?.json).toEqual({ error: 'INVALID_POST_STATE', message: expect.any(String), status: 'scheduled' });
    expect(await usedThisMonth(admin)).toBe(1);
    expect((await call('GET', `/posts/${id}`, { key: admin })).json.post.status).toBe('scheduled');
  });

  it('records the dashboard as the creator of a post made there, and schedules from the dashboard', async () => {
    const email = uniqueEmail('drafts');
    const { accountId } = await accountWithLogin(service, email);
    await service.connectProfile(accountId, 'bluesky');
    const session = (await signIn(service, email)).session!;
    const created = await session.call('POST', '/posts', { body: { content: 'from the dashboard', platforms: ['bluesky'], draft: true } });
    expect(created.status).toBe(201);
    expect(created.json.post.created_by).toEqual({ type: 'dashboard', key_id: null, key_name: null });
    const scheduled = await session.call('POST', `/posts/${created.json.post.id}/schedule`, { body: { scheduled_for: null } });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json.post.status).toBe('publishing');
  });
});
