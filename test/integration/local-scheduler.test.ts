import type { LocalStack } from '../../local/local-stack';
import { useTestTable, type TestTable } from '../support/test-service';
import { ScriptedPublisher } from '../support/fake-publishers';
import { schedulerSettled } from '../support/scheduler-settled';
import { eventually } from '../support/eventually';

/**
 * The local scheduler behind the real server: publishes at the post's time (moved with the
 * clock port, not slept), survives a restart, and never publishes a deleted post.
 */
describe('local scheduler', () => {
  let table: TestTable;
  let stack: LocalStack;
  let apiKey: string;
  const linkedin = new ScriptedPublisher('linkedin');
  const bluesky = new ScriptedPublisher('bluesky');

  const startStack = async () => {
    const { startLocalStack } = await import('../../local/local-stack');
    return startLocalStack({
      dataDir: table.dataDir,
      port: 0,
      tableName: table.tableName,
      dynamoEndpoint: table.endpoint,
      createDemoAccount: false,
    });
  };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const json: any = response.status === 204 ? undefined : await response.json();
    return { status: response.status, json };
  };
  const waitFor = (condition: () => boolean | Promise<boolean>, timeoutMs = 5000) =>
    eventually(
      async () => {
        if (!(await condition())) throw new Error('condition not met in time');
      },
      { timeoutMs, intervalMs: 25 },
    );

  beforeAll(async () => {
    table = await useTestTable({ PUBLISH_RETRY_BASE_MS: '1' });
    stack = await startStack();
    const { usePlatformPublisher } = await import('#shared/platforms/registry');
    usePlatformPublisher('linkedin', linkedin);
    usePlatformPublisher('bluesky', bluesky);
    const { createAccount } = await import('#shared/use-cases/accounts');
    const created = await createAccount({ name: 'scheduler test', plan: 'pro' });
    apiKey = created.apiKey;
    const { createProfileItem } = await import('#shared/store/profiles');
    for (const platform of ['linkedin', 'bluesky'] as const) {
      await createProfileItem({
        id: crypto.randomUUID(),
        account_id: created.account.id,
        platform,
        handle: 'h',
        display_name: null,
        platform_user_id: 'u',
        connected_at: new Date().toISOString(),
        expires_at: null,
        needs_reconnect: false,
        credentials: 'c',
      });
    }
  });
  afterEach(async () => {
    const { useClock } = await import('#shared/ports/clock');
    useClock();
  });
  afterAll(async () => {
    await stack.stop();
    await table.drop();
  });

  it('publishes a post scheduled 61 s ahead when its time comes, to both platforms', async () => {
    // The clock stands still while the post is created, however slow the machine is.
    const { useClock, fixedClock } = await import('#shared/ports/clock');
    const clock = fixedClock(new Date());
    useClock(clock);
    const at = new Date(clock.now().getTime() + 61_000);
    const created = await call('POST', '/posts', {
      content: 'on time',
      platforms: ['linkedin', 'bluesky'],
      scheduled_for: at.toISOString(),
    });
    expect(created.status).toBe(201);
    const postId: string = created.json.post.id;
    clock.advance(50_000);
    await schedulerSettled();
    expect(linkedin.callsFor(postId)).toBe(0);
    expect((await call('GET', `/posts/${postId}`)).json.post.status).toBe('scheduled');
    // Its time comes: the running scheduler's own tick hands it over (the clock stands still at the
    // post time, so "at its time" is the clock port's word, not the machine's speed).
    clock.set(at);
    await waitFor(async () => (await call('GET', `/posts/${postId}`)).json.post.status === 'published');
    const post = (await call('GET', `/posts/${postId}`)).json.post;
    expect(post.results.linkedin.published_at).toBe(at.toISOString());
    expect(post.results.bluesky.published_at).toBe(at.toISOString());
    expect(post.results.linkedin.url).toBe(`https://linkedin.example/${postId}`);
    expect(post.results.bluesky.url).toBe(`https://bluesky.example/${postId}`);
    expect([linkedin.callsFor(postId), bluesky.callsFor(postId)]).toEqual([1, 1]);
  });

  it('never publishes a deleted scheduled post, and drops its schedule', async () => {
    const at = new Date(Date.now() + 120_000);
    const created = await call('POST', '/posts', { content: 'never', platforms: ['bluesky'], scheduled_for: at.toISOString() });
    const postId: string = created.json.post.id;
    const { scheduler } = await import('#shared/ports/registry');
    const local = (await scheduler()) as unknown as { isScheduled(id: string): boolean };
    expect(local.isScheduled(postId)).toBe(true);
    expect((await call('DELETE', `/posts/${postId}`)).status).toBe(204);
    expect(local.isScheduled(postId)).toBe(false);
    const { useClock, offsetClock } = await import('#shared/ports/clock');
    useClock(offsetClock(125_000));
    await schedulerSettled();
    expect(bluesky.callsFor(postId)).toBe(0);
  });

  it('after a restart, publishes a post that fell due while it was down, once', async () => {
    const at = new Date(Date.now() + 120_000);
    const created = await call('POST', '/posts', { content: 'survives', platforms: ['bluesky'], scheduled_for: at.toISOString() });
    const postId: string = created.json.post.id;
    const { useClock, fixedClock } = await import('#shared/ports/clock');
    const clock = fixedClock(new Date(at.getTime() - 2_000)); // due in 2 s
    useClock(clock);
    await stack.stop();
    clock.set(new Date(at.getTime() + 3_000)); // falls due while the service is down
    expect(bluesky.callsFor(postId)).toBe(0);
    stack = await startStack();
    await waitFor(async () => (await call('GET', `/posts/${postId}`)).json.post.status === 'published');
    await schedulerSettled();
    expect(bluesky.callsFor(postId)).toBe(1);
  }, 20_000);
});
