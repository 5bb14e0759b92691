import type { Context } from 'aws-lambda';
import { startTestService, type TestService } from '../support/test-service';
import { RecordingScheduler } from '../support/recording-scheduler';
import { authExpired, rejected, ScriptedPublisher, unavailable } from '../support/fake-publishers';
import { eventually } from '../support/eventually';

/**
 * The publisher against DynamoDB Local with scripted platform adapters: exactly-once per
 * platform under duplicate invocations and crashes, retries, final statuses, slot release.
 */
const context = { awsRequestId: 'test' } as Context;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('publisher', () => {
  let service: TestService;
  let linkedin: ScriptedPublisher;
  let bluesky: ScriptedPublisher;
  let account: { accountId: string; apiKey: string };
  let publish: (postId: string) => Promise<void>;

  beforeAll(async () => {
    service = await startTestService({ PUBLISH_RETRY_BASE_MS: '1', PUBLISH_MAX_ATTEMPTS: '3' }, { scheduler: new RecordingScheduler() });
    const { handler } = await import('../../functions/publish-post/handler');
    publish = async (postId) => void (await handler({ post_id: postId }, context));
  });
  beforeEach(async () => {
    // A fresh account per test: immediate LinkedIn posts of one account must be 60 s apart.
    account = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(account.accountId, 'linkedin');
    await service.connectProfile(account.accountId, 'bluesky');
    const { usePlatformPublisher } = await import('#shared/platforms/registry');
    linkedin = new ScriptedPublisher('linkedin');
    bluesky = new ScriptedPublisher('bluesky');
    usePlatformPublisher('linkedin', linkedin);
    usePlatformPublisher('bluesky', bluesky);
  });
  afterAll(async () => {
    await service.stop();
  });

  const create = async (body: Record<string, unknown>) => {
    const response = await service.call('POST', '/posts', {
      key: account.apiKey,
      body: { content: 'Hello', platforms: ['linkedin', 'bluesky'], ...body },
    });
    expect(response.status).toBe(201);
    return response.json.post.id as string;
  };
  const read = async (postId: string) => (await service.call('GET', `/posts/${postId}`, { key: account.apiKey })).json.post;

  it('publishes every platform once and records the results, even when invoked twice at once', async () => {
    const postId = await create({});
    linkedin.slow(50);
    await Promise.all([publish(postId), publish(postId), publish(postId)]);
    expect(linkedin.callsFor(postId)).toBe(1);
    expect(bluesky.callsFor(postId)).toBe(1);
    const post = await read(postId);
    expect(post.status).toBe('published');
    expect(post.published_at).toMatch(/Z$/);
    expect(post.results.linkedin).toEqual({
      status: 'published',
      url: `https://linkedin.example/${postId}`,
      platform_post_id: `linkedin:${postId}`,
      published_at: expect.stringMatching(/Z$/),
      error: null,
      metrics: null,
    });
    await publish(postId);
    expect(linkedin.callsFor(postId) + bluesky.callsFor(postId)).toBe(2);
  });

  it('retries retryable failures with backoff, up to the attempt limit', async () => {
    const postId = await create({ platforms: ['bluesky'] });
    bluesky.answer(unavailable(), unavailable());
    await publish(postId);
    expect(bluesky.callsFor(postId)).toBe(3);
    expect((await read(postId)).status).toBe('published');

    const exhausted = await create({ platforms: ['bluesky'] });
    bluesky.answer(unavailable(), unavailable(), unavailable());
    await publish(exhausted);
    expect(bluesky.callsFor(exhausted)).toBe(3);
    expect((await read(exhausted)).results.bluesky.error).toEqual({ code: 'PLATFORM_UNAVAILABLE', message: 'HTTP 503' });
  });

  it('records partial success, and a failed post gives its LinkedIn slot back', async () => {
    const at = inMinutes(180);
    const partial = await create({});
    linkedin.answer(rejected());
    await publish(partial);
    const post = await read(partial);
    expect(post.status).toBe('partially_published');
    expect(post.results.linkedin).toMatchObject({ status: 'failed', error: { code: 'PLATFORM_REJECTED', message: 'Content refused' } });
    expect(post.results.bluesky.status).toBe('published');

    const failed = await create({ platforms: ['linkedin'], scheduled_for: at });
    const clash = await service.call('POST', '/posts', {
      key: account.apiKey,
      body: { content: 'x', platforms: ['linkedin'], scheduled_for: at },
    });
    expect(clash.status).toBe(429);
    linkedin.answer(rejected());
    const { useClock, offsetClock } = await import('#shared/ports/clock');
    useClock(offsetClock(new Date(at).getTime() - Date.now()));
    try {
      await publish(failed);
    } finally {
      useClock();
    }
    expect((await read(failed)).status).toBe('failed');
    const freed = await service.call('POST', '/posts', {
      key: account.apiKey,
      body: { content: 'x', platforms: ['linkedin'], scheduled_for: at },
    });
    expect(freed.status).toBe(201);
  });

  it('marks the profile needs_reconnect when the platform says the credentials are revoked', async () => {
    const postId = await create({ platforms: ['linkedin'] });
    linkedin.answer(authExpired());
    await publish(postId);
    expect((await read(postId)).results.linkedin.error.code).toBe('PLATFORM_AUTH_EXPIRED');
    const profiles = (await service.call('GET', '/profiles', { key: account.apiKey })).json.profiles;
    expect(profiles.find((profile: { platform: string }) => profile.platform === 'linkedin').needs_reconnect).toBe(true);
    expect(profiles.find((profile: { platform: string }) => profile.platform === 'bluesky').needs_reconnect).toBe(false);
  });

  it('ignores a trigger that comes long before the post is due', async () => {
    const postId = await create({ scheduled_for: inMinutes(30) });
    await publish(postId);
    expect(linkedin.callsFor(postId) + bluesky.callsFor(postId)).toBe(0);
    expect((await read(postId)).status).toBe('scheduled');
  });

  it('does nothing for a deleted post', async () => {
    const postId = await create({ scheduled_for: inMinutes(300) });
    expect((await service.call('DELETE', `/posts/${postId}`, { key: account.apiKey })).status).toBe(204);
    await publish(postId);
    expect(linkedin.callsFor(postId) + bluesky.callsFor(postId)).toBe(0);
  });

  it('after a crash between the platform call and the result write: LinkedIn is not posted again, Bluesky is repeated safely', async () => {
    const postId = await create({});
    const store = await import('#shared/store/post-publication');
    const record = jest.spyOn(store, 'recordPlatformResult').mockRejectedValue(new Error('process killed'));
    await expect(publish(postId)).rejects.toThrow('process killed');
    // Both platforms must have "died" before the process comes back.
    await eventually(() => expect(record.mock.calls.length).toBeGreaterThanOrEqual(2), { timeoutMs: 10_000, intervalMs: 10 });
    record.mockRestore();
    expect(linkedin.callsFor(postId)).toBe(1);
    // Within the claim's lease, a rerun leaves the in-flight claims alone.
    await publish(postId);
    expect(linkedin.callsFor(postId)).toBe(1);
    expect((await read(postId)).status).toBe('publishing');
    // After the lease, the claims are taken over.
    const { useClock, offsetClock } = await import('#shared/ports/clock');
    useClock(offsetClock(6 * 60_000));
    try {
      await publish(postId);
    } finally {
      useClock();
    }
    expect(linkedin.callsFor(postId)).toBe(1);
    expect(bluesky.callsFor(postId)).toBe(2);
    const post = await read(postId);
    expect(post.results.linkedin.error.code).toBe('PLATFORM_OUTCOME_UNKNOWN');
    expect(post.results.bluesky.status).toBe('published');
    expect(post.status).toBe('partially_published');
  });

  it('finishes a post whose last run died after recording every result but before setting the status', async () => {
    const postId = await create({ platforms: ['bluesky'] });
    const store = await import('#shared/store/post-publication');
    const finish = jest.spyOn(store, 'finalizePost').mockRejectedValueOnce(new Error('killed'));
    await expect(publish(postId)).rejects.toThrow('killed');
    finish.mockRestore();
    expect((await read(postId)).status).toBe('publishing');
    await publish(postId);
    expect((await read(postId)).status).toBe('published');
    expect(bluesky.callsFor(postId)).toBe(1);
  });

  it('ignores an invocation without a valid post id', async () => {
    await expect(publish('nonsense')).resolves.toBeUndefined();
  });
});
