import type { Context } from 'aws-lambda';
import { fixedClock, useClock } from '#shared/ports/clock';
import { rejected, ScriptedPublisher } from '../support/fake-publishers';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';

/**
 * POST /posts/{id}/retry (docs/api.md, "Editing, rescheduling and retrying") through the local server, with the real publisher
 * handler run by hand on scripted platforms (a RecordingScheduler keeps what would be queued):
 * which platforms go again, corrected content, outcome-unknown results, the state and body
 * rules in the documented order, LinkedIn spacing, idempotency and the monthly count.
 */
type Handler = (event: unknown, context: Context) => Promise<unknown>;
const context = { awsRequestId: 'retry-test' } as Context;
const outcomeUnknown = () => ({
  ok: false as const,
  code: 'PLATFORM_OUTCOME_UNKNOWN' as const,
  message: 'Timed out after sending',
  retryable: false,
});
const UNKNOWN = '7d444840-9dc0-4c5e-8b3a-1b2f6c1e2a3b';

describe('retrying a post', () => {
  let service: TestService;
  const scheduler = new RecordingScheduler();
  const linkedin = new ScriptedPublisher('linkedin');
  const bluesky = new ScriptedPublisher('bluesky');
  let publish: Handler;
  let account: { accountId: string; apiKey: string };
  const statuses: number[] = [];

  const call = async (...args: Parameters<TestService['call']>) => {
    const response = await service.call(...args);
    statuses.push(response.status);
    return response;
  };
  const retry = (id: string, body?: unknown, headers: Record<string, string> = {}, key = account.apiKey) =>
    call('POST', `/posts/${id}/retry`, { key, body, headers });
  const read = async (id: string) => (await call('GET', `/posts/${id}`, { key: account.apiKey })).json.post;
  const used = async () => (await call('GET', '/usage', { key: account.apiKey })).json.usage.used as number;
  const textsTo = (publisher: ScriptedPublisher, id: string) =>
    publisher.calls.filter((request) => request.postId === id).map((request) => request.content);
  const expectError = (response: { status: number; json: unknown }, status: number, body: Record<string, unknown>) =>
    expect([response.status, response.json]).toEqual([status, { message: expect.any(String), ...body }]);

  /** Creates a post to publish now and runs the publisher once, with these outcomes scripted. */
  async function publishedOnce(
    body: Record<string, unknown>,
    script: { linkedin?: Parameters<ScriptedPublisher['answer']>; bluesky?: Parameters<ScriptedPublisher['answer']> },
  ) {
    if (script.linkedin) linkedin.answer(...script.linkedin);
    if (script.bluesky) bluesky.answer(...script.bluesky);
    const created = await call('POST', '/posts', { key: account.apiKey, body });
    expect(created.status).toBe(201);
    await publish({ post_id: created.json.post.id }, context);
    return created.json.post.id as string;
  }

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000', PUBLISH_MAX_ATTEMPTS: '1' }, { scheduler });
    ({ handler: publish } = (await import('../../functions/publish-post/handler')) as { handler: Handler });
    const { usePlatformPublisher } = await import('#shared/platforms/registry');
    usePlatformPublisher('linkedin', linkedin);
    usePlatformPublisher('bluesky', bluesky);
  });
  // An account per test: posts published now to LinkedIn are 60 s apart, so each test starts with its minute free.
  beforeEach(async () => {
    account = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(account.accountId, 'linkedin');
    await service.connectProfile(account.accountId, 'bluesky');
  });
  afterEach(() => {
    useClock();
    scheduler.failHandOvers = false;
  });
  afterAll(async () => {
    await service.stop();
    expect(statuses).not.toContain(500);
  });

  it('retries a post LinkedIn rejected with corrected content, at a later time: published once, with the correction', async () => {
    const id = await publishedOnce({ content: 'Typo (fixed soon)', platforms: ['linkedin'] }, { linkedin: [rejected()] });
    expect(await read(id)).toMatchObject({
      status: 'failed',
      results: { linkedin: { status: 'failed', error: { code: 'PLATFORM_REJECTED', message: 'Content refused' } } },
    });
    const usedBefore = await used();
    const at = new Date(Math.ceil((Date.now() + 3_600_000) / 1000) * 1000);
    const response = await retry(id, { content: 'Corrected text', scheduled_for: at.toISOString() });
    const pending = { status: 'pending', url: null, platform_post_id: null, published_at: null, error: null, metrics: null };
    expect([response.status, response.json.post]).toEqual([
      200,
      expect.objectContaining({
        id,
        content: 'Corrected text',
        status: 'scheduled',
        scheduled_for: at.toISOString(),
        published_at: null,
        results: { linkedin: pending },
      }),
    ]);
    expect([scheduler.scheduled.get(id)?.toISOString(), scheduler.versions.get(id)]).toEqual([at.toISOString(), 1]);
    // The publisher at that time, with the new version's trigger: the corrected text, once.
    useClock(fixedClock(at));
    await publish({ post_id: id, due_at: at.toISOString(), version: 1 }, context);
    await publish({ post_id: id, due_at: at.toISOString(), version: 1 }, context);
    expect(await read(id)).toMatchObject({
      status: 'published',
      content: 'Corrected text',
      results: { linkedin: { status: 'published', error: null } },
    });
    expect(textsTo(linkedin, id)).toEqual(['Typo (fixed soon)', 'Corrected text']);
    expect(await used()).toBe(usedBefore);
  });

  it('retries only the failed platform of a partially published post, now; the final status covers every platform', async () => {
    const id = await publishedOnce({ content: 'Half out', platforms: ['linkedin', 'bluesky'] }, { linkedin: [rejected()] });
    const before = await read(id);
    expect(before.status).toBe('partially_published');
    const response = await retry(id);
    expect(response.status).toBe(200);
    expect(response.json.post).toMatchObject({
      status: 'publishing',
      scheduled_for: null,
      results: { bluesky: before.results.bluesky, linkedin: { status: 'pending', error: null } },
    });
    expect(scheduler.immediate).toContain(id);
    await publish({ post_id: id }, context);
    const after = await read(id);
    expect(after).toMatchObject({ status: 'published', results: { bluesky: before.results.bluesky, linkedin: { status: 'published' } } });
    expect([textsTo(linkedin, id).length, textsTo(bluesky, id).length]).toEqual([2, 1]);
    // Now published: nothing to retry.
    expectError(await retry(id), 409, { error: 'INVALID_POST_STATE', status: 'published' });
  });

  it('leaves a platform whose outcome is unknown alone unless include_outcome_unknown is true', async () => {
    const id = await publishedOnce(
      { content: 'Unsure', platforms: ['linkedin', 'bluesky'] },
      { linkedin: [rejected()], bluesky: [outcomeUnknown()] },
    );
    expect((await read(id)).status).toBe('failed');
    const first = await retry(id);
    expect(first.json.post.results).toMatchObject({
      linkedin: { status: 'pending' },
      bluesky: { status: 'failed', error: { code: 'PLATFORM_OUTCOME_UNKNOWN' } },
    });
    await publish({ post_id: id }, context);
    expect(await read(id)).toMatchObject({
      status: 'partially_published',
      results: { linkedin: { status: 'published' }, bluesky: { status: 'failed' } },
    });
    expect(textsTo(bluesky, id)).toHaveLength(1);
    // Only an outcome-unknown failure left: nothing to retry without the flag...
    const nothing = await retry(id);
    expectError(nothing, 409, { error: 'INVALID_POST_STATE', status: 'partially_published' });
    expect(nothing.json.message).toContain('include_outcome_unknown');
    // ...and with it, Bluesky goes again.
    const second = await retry(id, { include_outcome_unknown: true });
    expect(second.json.post.results).toMatchObject({ linkedin: { status: 'published' }, bluesky: { status: 'pending' } });
    await publish({ post_id: id }, context);
    expect((await read(id)).status).toBe('published');
    expect([textsTo(linkedin, id).length, textsTo(bluesky, id).length]).toEqual([2, 2]);
  });

  it("corrected content replaces the retried platforms' own texts, so they receive exactly it", async () => {
    const id = await publishedOnce(
      { content: 'Shared', platforms: ['linkedin', 'bluesky'], platform_content: { linkedin: 'LinkedIn own', bluesky: 'Bluesky own' } },
      { linkedin: [outcomeUnknown()], bluesky: [rejected()] },
    );
    const response = await retry(id, { content: 'Fixed for all' });
    // LinkedIn is not retried (outcome unknown): its own text stays; Bluesky's is replaced.
    expect(response.json.post).toMatchObject({ content: 'Fixed for all', platform_content: { linkedin: 'LinkedIn own' } });
    await publish({ post_id: id }, context);
    expect(textsTo(bluesky, id)).toEqual(['Bluesky own', 'Fixed for all']);
    expect(textsTo(linkedin, id)).toEqual(['LinkedIn own']);
  });

  it('refuses scheduled, publishing and published posts (409 INVALID_POST_STATE with status), and content for a partially published one', async () => {
    const scheduled = await call('POST', '/posts', {
      key: account.apiKey,
      body: { content: 'Later', platforms: ['bluesky'], scheduled_for: new Date(Date.now() + 7_200_000).toISOString() },
    });
    const refusedScheduled = await retry(scheduled.json.post.id);
    expectError(refusedScheduled, 409, { error: 'INVALID_POST_STATE', status: 'scheduled' });
    expect(refusedScheduled.json.message).toContain('PATCH');
    const publishing = await call('POST', '/posts', { key: account.apiKey, body: { content: 'Now', platforms: ['bluesky'] } });
    expectError(await retry(publishing.json.post.id), 409, { error: 'INVALID_POST_STATE', status: 'publishing' });
    const published = await publishedOnce({ content: 'All out', platforms: ['bluesky'] }, {});
    expectError(await retry(published), 409, { error: 'INVALID_POST_STATE', status: 'published' });
    const partial = await publishedOnce({ content: 'Partly', platforms: ['bluesky', 'linkedin'] }, { linkedin: [rejected()] });
    const withContent = await retry(partial, { content: 'Changed' });
    expectError(withContent, 409, { error: 'INVALID_POST_STATE', status: 'partially_published' });
    expect(withContent.json.message).toContain('without content');
    expect((await read(partial)).status).toBe('partially_published');
  });

  it('checks the body first, then POST_NOT_FOUND, INVALID_POST_STATE, PLATFORMS_NOT_CONNECTED, spacing', async () => {
    const failed = await publishedOnce({ content: 'Rules', platforms: ['linkedin'] }, { linkedin: [rejected()] });
    const cases: [string, unknown, number, Record<string, unknown>][] = [
      [failed, { scheduled_for: 'tomorrow' }, 400, { error: 'INVALID_SCHEDULED_TIME' }],
      [failed, { scheduled_for: new Date(Date.now() + 10_000).toISOString() }, 400, { error: 'INVALID_SCHEDULED_TIME' }],
      [failed, { content: '' }, 400, { error: 'MISSING_REQUIRED_FIELD', field: 'content' }],
      [failed, { content: 'x'.repeat(3001) }, 400, { error: 'CONTENT_TOO_LONG', max_length: 3000, provided_length: 3001 }],
      [failed, { include_outcome_unknown: 'yes' }, 400, { error: 'INVALID_FIELD', field: 'include_outcome_unknown' }],
      [failed, { platforms: ['linkedin'] }, 400, { error: 'INVALID_FIELD', field: 'platforms' }],
      [UNKNOWN, { scheduled_for: 'tomorrow' }, 400, { error: 'INVALID_SCHEDULED_TIME' }],
      [UNKNOWN, {}, 404, { error: 'POST_NOT_FOUND' }],
    ];
    for (const [id, body, status, error] of cases) {
      const response = await retry(id, body);
      expect({ body, status: response.status, json: response.json }).toEqual({
        body,
        status,
        json: { message: expect.any(String), ...error },
      });
    }
    expectError(
      await call('POST', '/posts/nope/retry', { key: account.apiKey, rawBody: '{', headers: { 'content-type': 'application/json' } }),
      400,
      { error: 'INVALID_ID' },
    );
    const stranger = await service.createAccount({ plan: 'pro' });
    expectError(await retry(failed, {}, {}, stranger.apiKey), 404, { error: 'POST_NOT_FOUND' });

    // A retry to LinkedIn is a LinkedIn post at its new time: spacing, with next_available.
    const at = new Date(Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000);
    await call('POST', '/posts', {
      key: account.apiKey,
      body: { content: 'Holds the minute', platforms: ['linkedin'], scheduled_for: at.toISOString() },
    });
    expectError(await retry(failed, { scheduled_for: new Date(at.getTime() + 15_000).toISOString() }), 429, {
      error: 'RATE_LIMIT_EXCEEDED',
      platform: 'linkedin',
      next_available: new Date(at.getTime() + 60_000).toISOString(),
    });
    const spaced = await retry(failed, { scheduled_for: new Date(at.getTime() + 60_000).toISOString() });
    expect(spaced.json.post.status).toBe('scheduled');
    // And its slot moves with every later change: an edit of the retried post moves it again.
    expect(
      (
        await call('PATCH', `/posts/${failed}`, {
          key: account.apiKey,
          body: { scheduled_for: new Date(at.getTime() + 70_000).toISOString() },
        })
      ).status,
    ).toBe(200);

    // PLATFORMS_NOT_CONNECTED names the retried platforms without a profile.
    const lonely = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(lonely.accountId, 'linkedin');
    linkedin.answer(rejected());
    const theirs = await call('POST', '/posts', { key: lonely.apiKey, body: { content: 'Gone profile', platforms: ['linkedin'] } });
    await publish({ post_id: theirs.json.post.id }, context);
    const { deleteProfileItem, listProfileItems } = await import('#shared/store/profiles');
    const [profile] = await listProfileItems(lonely.accountId);
    await deleteProfileItem(lonely.accountId, 'linkedin', profile.id);
    expectError(await retry(theirs.json.post.id, {}, {}, lonely.apiKey), 400, {
      error: 'PLATFORMS_NOT_CONNECTED',
      missing_platforms: ['linkedin'],
    });
  });

  it('honours idempotency-key, counts nothing, and undoes a retry whose hand-over fails', async () => {
    const id = await publishedOnce({ content: 'Idempotent', platforms: ['bluesky'] }, { bluesky: [rejected()] });
    const usedBefore = await used();
    scheduler.failHandOvers = true;
    const broken = await service.call('POST', `/posts/${id}/retry`, { key: account.apiKey, headers: { 'idempotency-key': 'retry-1' } });
    expect([broken.status, broken.json.error]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
    expect((await read(id)).status).toBe('failed');
    scheduler.failHandOvers = false;
    const first = await retry(id, undefined, { 'idempotency-key': 'retry-1' });
    expect([first.status, first.json.post.status]).toEqual([200, 'publishing']);
    const replay = await retry(id, undefined, { 'idempotency-key': 'retry-1' });
    expect([replay.status, replay.headers.get('idempotent-replayed'), replay.text]).toEqual([200, 'true', first.text]);
    expect(scheduler.immediate.filter((queued) => queued === id)).toHaveLength(2); // the creation's, and the retry's once
    expectError(await retry(id, { scheduled_for: null }, { 'idempotency-key': 'retry-1' }), 422, { error: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await used()).toBe(usedBefore);
  });
});
