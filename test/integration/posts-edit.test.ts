import { startTestService, type TestService } from '../support/test-service';
import { RecordingScheduler } from '../support/recording-scheduler';

/**
 * PATCH /posts/{id} (docs/api.md, "Editing, rescheduling and retrying") through the local server, nothing published (a
 * RecordingScheduler stands in for the scheduler): what an edit changes and answers, its checks
 * in the documented order, the LinkedIn slot moving with the post, idempotency, and a failed hand-over
 * undone. Races are in posts-edit-races.test.ts.
 */
const minuteAligned = (minutesAhead: number) => {
  const at = new Date(Date.now() + minutesAhead * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
};
const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000).toISOString();
const UNKNOWN = '7d444840-9dc0-4c5e-8b3a-1b2f6c1e2a3b';

describe('editing a scheduled post', () => {
  let service: TestService;
  const scheduler = new RecordingScheduler();
  const statuses: number[] = [];
  let account: { accountId: string; apiKey: string };

  const call = async (...args: Parameters<TestService['call']>) => {
    const response = await service.call(...args);
    statuses.push(response.status);
    return response;
  };
  const create = async (body: Record<string, unknown>, key = account.apiKey) => {
    const response = await call('POST', '/posts', { key, body });
    expect(response.status).toBe(201);
    return response.json.post as { id: string; scheduled_for: string };
  };
  const patch = (id: string, body: unknown, headers: Record<string, string> = {}, key = account.apiKey) =>
    call('PATCH', `/posts/${id}`, { key, body, headers });
  const read = async (id: string) => (await call('GET', `/posts/${id}`, { key: account.apiKey })).json.post;
  const used = async () => (await call('GET', '/usage', { key: account.apiKey })).json.usage.used as number;
  const expectError = (response: { status: number; json: unknown }, status: number, body: Record<string, unknown>) =>
    expect([response.status, response.json]).toEqual([status, { message: expect.any(String), ...body }]);

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' }, { scheduler });
    account = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(account.accountId, 'bluesky');
    await service.connectProfile(account.accountId, 'linkedin');
  });
  afterEach(() => {
    scheduler.failHandOvers = false;
  });
  afterAll(async () => {
    await service.stop();
    expect(statuses.filter((status) => status === 500)).toHaveLength(1); // the failed hand-over, on purpose
  });

  it('changes content, platforms, per-platform text and time in one edit: 200 with the post, rescheduled, nothing counted', async () => {
    const at = minuteAligned(120);
    const post = await create({ content: 'Draft', platforms: ['bluesky'], scheduled_for: at.toISOString() });
    const usedBefore = await used();
    const moved = plus(at, 3600);
    const response = await patch(post.id, {
      content: 'Final text (edited) #launch',
      platforms: ['linkedin', 'bluesky', 'linkedin'],
      platform_content: { bluesky: 'Bluesky text' },
      scheduled_for: moved,
      link_preview: false,
    });
    const pending = { status: 'pending', url: null, platform_post_id: null, published_at: null, error: null, metrics: null };
    expect([response.status, response.json]).toEqual([
      200,
      {
        post: {
          id: post.id,
          content: 'Final text (edited) #launch',
          platform_content: { bluesky: 'Bluesky text' },
          platforms: ['linkedin', 'bluesky'],
          link_preview: false,
          media: [],
          first_comment: null,
          platform_first_comment: {},
          platform_options: {},
          status: 'scheduled',
          version: 2,
          scheduled_for: moved,
          created_at: expect.any(String),
          published_at: null,
          results: { linkedin: pending, bluesky: pending },
          created_by: { type: 'api_key', key_id: expect.any(String), key_name: expect.any(String) },
        },
      },
    ]);
    expect(await read(post.id)).toEqual(response.json.post);
    expect(scheduler.scheduled.get(post.id)?.toISOString()).toBe(moved);
    expect(scheduler.versions.get(post.id)).toBe(1);
    expect(scheduler.cancelledVersions).toContainEqual({ postId: post.id, version: 0 });
    expect(await used()).toBe(usedBefore);

    // A second edit is version 2; removing a platform drops its text; the per-platform map can be emptied.
    const second = await patch(post.id, { platforms: ['linkedin'], content: 'Only LinkedIn' });
    expect(second.json.post).toMatchObject({
      platforms: ['linkedin'],
      platform_content: {},
      content: 'Only LinkedIn',
      scheduled_for: moved,
      link_preview: false,
    });
    expect(Object.keys(second.json.post.results)).toEqual(['linkedin']);
    expect(scheduler.versions.get(post.id)).toBe(2);
    expect(scheduler.cancelledVersions).toContainEqual({ postId: post.id, version: 1 });
    expect((await patch(post.id, { link_preview: true })).json.post.link_preview).toBe(true);
    expect(await used()).toBe(usedBefore);
  });

  it('answers {} (or an empty body, or an edit repeating the current values) with the post and writes nothing', async () => {
    const post = await create({ content: 'Unchanged', platforms: ['bluesky'], scheduled_for: minuteAligned(200).toISOString() });
    const before = await read(post.id);
    const cancels = scheduler.cancelled.length;
    for (const body of [{}, { content: 'Unchanged', platforms: ['bluesky'], scheduled_for: post.scheduled_for }]) {
      const response = await patch(post.id, body);
      expect([response.status, response.json]).toEqual([200, { post: before }]);
    }
    const empty = await call('PATCH', `/posts/${post.id}`, { key: account.apiKey });
    expect([empty.status, empty.json]).toEqual([200, { post: before }]);
    expect(scheduler.versions.get(post.id)).toBe(0);
    expect(scheduler.cancelled.length).toBe(cancels);
  });

  it('publishes now on scheduled_for: null, handing the post to the publisher and cancelling its schedule', async () => {
    const post = await create({ content: 'Later', platforms: ['bluesky'], scheduled_for: minuteAligned(300).toISOString() });
    const response = await patch(post.id, { scheduled_for: null });
    expect(response.json.post).toMatchObject({ status: 'publishing', scheduled_for: null });
    expect(scheduler.immediate).toContain(post.id);
    expect(scheduler.scheduled.has(post.id)).toBe(false);
    // Now it is being published: no more edits.
    expectError(await patch(post.id, { content: 'too late' }), 400, { error: 'POST_PUBLISHED' });
  });

  it('applies POST /posts rules to each field sent, with POST /posts codes and extra fields', async () => {
    const post = await create({ content: 'Rules', platforms: ['bluesky'], scheduled_for: minuteAligned(400).toISOString() });
    const cases: [unknown, number, Record<string, unknown>][] = [
      [{ content: '' }, 400, { error: 'MISSING_REQUIRED_FIELD', field: 'content' }],
      [{ content: '   ' }, 400, { error: 'MISSING_REQUIRED_FIELD', field: 'content' }],
      [{ content: null }, 400, { error: 'MISSING_REQUIRED_FIELD', field: 'content' }],
      [{ platforms: null }, 400, { error: 'MISSING_REQUIRED_FIELD', field: 'platforms' }],
      [{ content: 5 }, 400, { error: 'INVALID_FIELD', field: 'content' }],
      [{ content: 'x'.repeat(3001) }, 400, { error: 'CONTENT_TOO_LONG', max_length: 3000, provided_length: 3001 }],
      [{ platforms: [] }, 400, { error: 'INVALID_PLATFORMS', valid_platforms: ['linkedin', 'bluesky'] }],
      [{ platforms: 'bluesky' }, 400, { error: 'INVALID_PLATFORMS', valid_platforms: ['linkedin', 'bluesky'] }],
      [{ platforms: ['twitter'] }, 400, { error: 'INVALID_PLATFORMS', valid_platforms: ['linkedin', 'bluesky'] }],
      [{ scheduled_for: 'tomorrow' }, 400, { error: 'INVALID_SCHEDULED_TIME' }],
      [{ scheduled_for: new Date(Date.now() + 30_000).toISOString() }, 400, { error: 'INVALID_SCHEDULED_TIME' }],
      [{ scheduled_for: plus(new Date(), 366 * 86_400) }, 400, { error: 'INVALID_SCHEDULED_TIME' }],
      [{ scheduledFor: plus(new Date(), 3600) }, 400, { error: 'INVALID_FIELD', field: 'scheduledFor' }],
      [{ media: 'x' }, 400, { error: 'INVALID_FIELD', field: 'media' }],
      [{ link_preview: 'no' }, 400, { error: 'INVALID_FIELD', field: 'link_preview' }],
      [{ platform_content: null }, 400, { error: 'INVALID_FIELD', field: 'platform_content' }],
      [{ platform_content: { bluesky: '' } }, 400, { error: 'MISSING_REQUIRED_FIELD', field: 'platform_content.bluesky' }],
      [{ platform_content: { bluesky: 'b'.repeat(3001) } }, 400, { error: 'CONTENT_TOO_LONG', max_length: 3000, provided_length: 3001 }],
      // With platforms sent, a text for another platform is refused as POST /posts refuses it...
      [
        { platforms: ['bluesky'], platform_content: { linkedin: 'x' } },
        400,
        { error: 'INVALID_FIELD', field: 'platform_content.linkedin' },
      ],
      // ...and without, against the post's own platforms.
      [{ platform_content: { linkedin: 'x' } }, 400, { error: 'INVALID_FIELD', field: 'platform_content.linkedin' }],
      // POST /posts precedence among fields: missing content before a too-long text, too long before bad platforms, platforms before time.
      [{ content: '', platform_content: { bluesky: 'b'.repeat(3001) } }, 400, { error: 'MISSING_REQUIRED_FIELD', field: 'content' }],
      [{ content: 'x'.repeat(3001), platforms: [] }, 400, { error: 'CONTENT_TOO_LONG', max_length: 3000, provided_length: 3001 }],
      [{ platforms: [], scheduled_for: 'soon' }, 400, { error: 'INVALID_PLATFORMS', valid_platforms: ['linkedin', 'bluesky'] }],
      [{ scheduledFor: 'x', content: '' }, 400, { error: 'INVALID_FIELD', field: 'scheduledFor' }],
    ];
    for (const [body, status, error] of cases) {
      const response = await patch(post.id, body);
      expect({ body, status: response.status, json: response.json }).toEqual({
        body,
        status,
        json: { message: expect.any(String), ...error },
      });
    }
    expect(await read(post.id)).toMatchObject({ content: 'Rules', platforms: ['bluesky'] });
  });

  it('checks, after the body: POST_NOT_FOUND → POST_PUBLISHED → INVALID_POST_STATE → PLATFORMS_NOT_CONNECTED → spacing', async () => {
    const other = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(other.accountId, 'bluesky');
    const theirs = await create(
      { content: 'Theirs', platforms: ['bluesky'], scheduled_for: minuteAligned(500).toISOString() },
      other.apiKey,
    );
    // INVALID_ID before anything in the body; body rules before the lookup.
    expectError(
      await call('PATCH', '/posts/not-an-id', { key: account.apiKey, rawBody: '{', headers: { 'content-type': 'application/json' } }),
      400,
      { error: 'INVALID_ID' },
    );
    expectError(await patch(UNKNOWN, { content: 'x'.repeat(3001) }), 400, {
      error: 'CONTENT_TOO_LONG',
      max_length: 3000,
      provided_length: 3001,
    });
    expectError(await patch(UNKNOWN, { content: 'x' }), 404, { error: 'POST_NOT_FOUND' });
    expectError(await patch(theirs.id, { content: 'mine now' }), 404, { error: 'POST_NOT_FOUND' });
    // The post's own platforms are only known after the lookup.
    expectError(await patch(UNKNOWN, { platform_content: { linkedin: 'x' } }), 404, { error: 'POST_NOT_FOUND' });

    // A post being published: POST_PUBLISHED.
    const now = await create({ content: 'Now', platforms: ['bluesky'] });
    const published = await patch(now.id, { platforms: ['linkedin'], content: 'x' }, {}, account.apiKey);
    expectError(published, 400, { error: 'POST_PUBLISHED' });
    expect(published.json.message).toContain('cannot be edited');

    // A failed post: 409 INVALID_POST_STATE with its status, pointing to retry.
    const failed = await create({ content: 'Will fail', platforms: ['bluesky'], scheduled_for: minuteAligned(510).toISOString() });
    await setStatus(failed.id, 'failed');
    const refused = await patch(failed.id, { content: 'fixed' });
    expectError(refused, 409, { error: 'INVALID_POST_STATE', status: 'failed' });
    expect(refused.json.message).toContain('/retry');

    // PLATFORMS_NOT_CONNECTED (naming each missing platform) before the spacing rule.
    const taken = minuteAligned(520);
    await create({ content: 'LinkedIn at 520', platforms: ['linkedin'], scheduled_for: taken.toISOString() });
    expectError(await patch(theirs.id, { platforms: ['linkedin', 'bluesky'], scheduled_for: taken.toISOString() }, {}, other.apiKey), 400, {
      error: 'PLATFORMS_NOT_CONNECTED',
      missing_platforms: ['linkedin'],
    });
    const mine = await create({ content: 'Bluesky at 530', platforms: ['bluesky'], scheduled_for: minuteAligned(530).toISOString() });
    expectError(await patch(mine.id, { platforms: ['bluesky', 'linkedin'], scheduled_for: plus(taken, 20) }), 429, {
      error: 'RATE_LIMIT_EXCEEDED',
      platform: 'linkedin',
      next_available: plus(taken, 60),
    });
  });

  it('moves a LinkedIn post by 10 s, within its minute or across it, without colliding with its own old slot', async () => {
    const at = minuteAligned(600);
    const within = await create({ content: 'At :00', platforms: ['linkedin'], scheduled_for: at.toISOString() });
    expect((await patch(within.id, { scheduled_for: plus(at, 10) })).status).toBe(200);
    const edge = await create({ content: 'At :55', platforms: ['linkedin'], scheduled_for: plus(at, 175) });
    const across = await patch(edge.id, { scheduled_for: plus(at, 185) });
    expect([across.status, across.json.post?.scheduled_for]).toEqual([200, plus(at, 185)]);
    // And back again, 10 s earlier, into the bucket it left.
    expect((await patch(edge.id, { scheduled_for: plus(at, 178) })).status).toBe(200);
  });

  it('computes next_available against every other LinkedIn post but the one moved', async () => {
    const at = minuteAligned(700);
    const a = await create({ content: 'A', platforms: ['linkedin'], scheduled_for: at.toISOString() });
    await create({ content: 'B', platforms: ['linkedin'], scheduled_for: plus(at, 65) });
    // A to +10 s is 55 s before B: the next time 60 s from B is +125 s; A's own old time does not count.
    expectError(await patch(a.id, { scheduled_for: plus(at, 10) }), 429, {
      error: 'RATE_LIMIT_EXCEEDED',
      platform: 'linkedin',
      next_available: plus(at, 125),
    });
    expect((await patch(a.id, { scheduled_for: plus(at, 125) })).status).toBe(200);
    expect(await read(a.id)).toMatchObject({ scheduled_for: plus(at, 125), content: 'A' });
  });

  it('frees the old slot as it claims the new one, and frees it when LinkedIn is removed', async () => {
    const at = minuteAligned(800);
    const post = await create({ content: 'Moving', platforms: ['linkedin'], scheduled_for: at.toISOString() });
    expect(
      (
        await call('POST', '/posts', {
          key: account.apiKey,
          body: { content: 'Blocked', platforms: ['linkedin'], scheduled_for: plus(at, 30) },
        })
      ).status,
    ).toBe(429);
    expect((await patch(post.id, { scheduled_for: plus(at, 600) })).status).toBe(200);
    await create({ content: 'Old time is free', platforms: ['linkedin'], scheduled_for: plus(at, 30) });
    expect(
      (
        await call('POST', '/posts', {
          key: account.apiKey,
          body: { content: 'New time is taken', platforms: ['linkedin'], scheduled_for: plus(at, 630) },
        })
      ).status,
    ).toBe(429);
    expect((await patch(post.id, { platforms: ['bluesky'] })).status).toBe(200);
    await create({ content: 'Free again', platforms: ['linkedin'], scheduled_for: plus(at, 630) });
  });

  it('deletes an edited post: the schedule of its current version is cancelled and its moved slot freed', async () => {
    const at = minuteAligned(850);
    const post = await create({ content: 'Edited then deleted', platforms: ['linkedin'], scheduled_for: at.toISOString() });
    expect((await patch(post.id, { scheduled_for: plus(at, 300) })).status).toBe(200);
    expect((await call('DELETE', `/posts/${post.id}`, { key: account.apiKey })).status).toBe(204);
    expect(scheduler.cancelledVersions).toContainEqual({ postId: post.id, version: 1 });
    expect(scheduler.scheduled.has(post.id)).toBe(false);
    await create({ content: 'Its last time is free', platforms: ['linkedin'], scheduled_for: plus(at, 310) });
  });

  it('honours idempotency-key: a repeat replays the answer and edits nothing more; another body with the key is 422', async () => {
    const post = await create({ content: 'Once', platforms: ['bluesky'], scheduled_for: minuteAligned(900).toISOString() });
    const body = { content: 'Edited once' };
    const first = await patch(post.id, body, { 'idempotency-key': 'edit-1' });
    expect(first.status).toBe(200);
    await patch(post.id, { content: 'Edited twice' });
    const replay = await patch(post.id, body, { 'idempotency-key': 'edit-1' });
    expect([replay.status, replay.headers.get('idempotent-replayed'), replay.text]).toEqual([200, 'true', first.text]);
    expect((await read(post.id)).content).toBe('Edited twice');
    expectError(await patch(post.id, { content: 'Other' }, { 'idempotency-key': 'edit-1' }), 422, { error: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('undoes an edit whose hand-over to the scheduler fails: 500, the post, its slot and the idempotency-key as before', async () => {
    const at = minuteAligned(1000);
    const post = await create({ content: 'Before', platforms: ['linkedin'], scheduled_for: at.toISOString() });
    const before = await read(post.id);
    scheduler.failHandOvers = true;
    const failed = await patch(post.id, { content: 'After', scheduled_for: plus(at, 300) }, { 'idempotency-key': 'flaky' });
    expect([failed.status, failed.json.error]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
    scheduler.failHandOvers = false;
    // As before, but a version further: it never goes back (docs/api.md, "Versions and If-Match").
    expect(await read(post.id)).toEqual({ ...before, version: 3 });
    expect(scheduler.versions.get(post.id)).toBe(0);
    // The old slot is held again, the new one free.
    expect(
      (await call('POST', '/posts', { key: account.apiKey, body: { content: 'x', platforms: ['linkedin'], scheduled_for: plus(at, 20) } }))
        .status,
    ).toBe(429);
    // The key was freed: the same request now succeeds, edits, and moves the slot.
    const retried = await patch(post.id, { content: 'After', scheduled_for: plus(at, 300) }, { 'idempotency-key': 'flaky' });
    expect([retried.status, retried.json.post.content]).toEqual([200, 'After']);
    expect(scheduler.versions.get(post.id)).toBe(1);
  });

  /** Puts a post into a status the publisher would (nothing publishes here). */
  async function setStatus(postId: string, status: string): Promise<void> {
    const { db, tableName } = await import('#shared/store/client');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { postKey } = await import('#shared/store/posts');
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: postKey(postId),
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': status },
      }),
    );
  }
});
