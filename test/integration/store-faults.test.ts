import { startTestService, type TestService } from '../support/test-service';

/**
 * The store saying "not now" (throttled, its own 5xx, a timeout) after the SDK's bounded
 * retries: the client gets 503 SERVICE_UNAVAILABLE with retry-after, never a 500 or a stack
 * trace; the refused creation wrote nothing, and retrying it with the same idempotency-key
 * creates the post once. (Issue 18 builds the full fault-injection suite on this.)
 */
describe('store faults reach the client as 503 with retry-after', () => {
  let service: TestService;
  let apiKey: string;
  let restore: () => void = () => undefined;

  beforeAll(async () => {
    service = await startTestService();
    const account = await service.createAccount({ plan: 'pro' });
    apiKey = account.apiKey;
    await service.connectProfile(account.accountId, 'bluesky');
  });
  afterEach(() => restore());
  afterAll(async () => {
    await service?.stop();
  });

  /** Makes every store command of the given kinds fail with `error`, whatever the SDK retries. */
  async function failStore(commands: string[], error: () => Error): Promise<{ failures: () => number }> {
    const { db } = await import('#shared/store/client');
    const original = db.send.bind(db);
    let failures = 0;
    const spy = jest.spyOn(db, 'send').mockImplementation(((command: { constructor: { name: string } }) => {
      if (commands.includes(command.constructor.name)) {
        failures += 1;
        return Promise.reject(error());
      }
      return original(command as never);
    }) as never);
    restore = () => spy.mockRestore();
    return { failures: () => failures };
  }

  const awsError = (name: string, status: number) =>
    Object.assign(new Error(`${name} (simulated)`), {
      name,
      $fault: status >= 500 ? 'server' : 'client',
      $metadata: { httpStatusCode: status },
    });
  const postsOf = async () => (await service.call('GET', '/posts', { key: apiKey })).json.posts.length;

  it.each([
    ['ProvisionedThroughputExceededException', 400],
    ['ThrottlingException', 400],
    ['InternalServerError', 500],
  ])(
    'a creation transaction failing with %s answers 503 and writes nothing; the same idempotency-key then creates it once',
    async (name, status) => {
      const before = { posts: await postsOf(), used: (await service.call('GET', '/usage', { key: apiKey })).json.usage.used };
      const key = `fault-${name}`;
      const body = { content: `survives ${name}`, platforms: ['bluesky'], scheduled_for: new Date(Date.now() + 3600_000).toISOString() };
      const fault = await failStore(['TransactWriteCommand'], () => awsError(name, status));
      const refused = await service.call('POST', '/posts', { key: apiKey, body, headers: { 'idempotency-key': key } });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.json).toEqual({ error: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/retry/) });
      expect(refused.text).not.toMatch(/at .*\.ts:\d+|simulated/);
      expect(fault.failures()).toBeGreaterThan(0);
      restore();
      expect(await postsOf()).toBe(before.posts);
      expect((await service.call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(before.used);
      const created = await service.call('POST', '/posts', { key: apiKey, body, headers: { 'idempotency-key': key } });
      expect(created.status).toBe(201);
      const replayed = await service.call('POST', '/posts', { key: apiKey, body, headers: { 'idempotency-key': key } });
      expect(replayed.json.post.id).toBe(created.json.post.id);
      expect(await postsOf()).toBe(before.posts + 1);
    },
  );

  it('a read that times out answers 503, and a bug still answers 500', async () => {
    await failStore(['QueryCommand'], () => Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }));
    const timedOut = await service.call('GET', '/posts', { key: apiKey });
    expect(timedOut.status).toBe(503);
    expect(timedOut.json.error).toBe('SERVICE_UNAVAILABLE');
    restore();
    await failStore(['QueryCommand'], () => new TypeError('cannot read properties of undefined'));
    const bug = await service.call('GET', '/posts', { key: apiKey });
    expect(bug.status).toBe(500);
    expect(bug.json).toEqual({ error: 'INTERNAL_SERVER_ERROR', message: 'An unexpected error occurred; retry later' });
  });
});
