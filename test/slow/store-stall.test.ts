import { startDynamoDbLocal, type DynamoDbLocal } from '../../local/dynamodb-local';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type CallOptions, type CallResult, type TestService } from '../support/test-service';

/**
 * A store that stops answering (DynamoDB Local paused with SIGSTOP: its sockets accept and never
 * answer): every request is answered 503 SERVICE_UNAVAILABLE with retry-after by its deadline
 * (docs/api.md, "Errors"; docs/decisions/0038-a-deadline-on-every-request.md), never API Gateway's own
 * answer at 30 s; a creation refused that way leaves nothing or everything, and repeating it with
 * the same idempotency-key once the store is back creates the post exactly once.
 *
 * This file pauses its OWN engine, never the one the other test files share.
 */
const MINUTE = 60_000;
/** The promise of docs/api.md ("Errors"): a stalled store is answered within 5 s of the request. */
const ANSWER_WITHIN_MS = 5_000;

describe('a stalled store: 503 with retry-after by the deadline, nothing half-written, the repeat creates once', () => {
  let engine: DynamoDbLocal | undefined;
  let service: TestService | undefined;
  let scheduler: RecordingScheduler;
  let apiKey: string;
  let paused = false;

  const pauseStore = () => {
    process.kill(engine!.pid!, 'SIGSTOP');
    paused = true;
  };
  const resumeStore = () => {
    if (paused) process.kill(engine!.pid!, 'SIGCONT');
    paused = false;
  };

  beforeAll(async () => {
    engine = await startDynamoDbLocal();
    // The service's store is this engine (read by the test table and the service at start).
    process.env.DYNAMODB_ENDPOINT = engine.endpoint;
    scheduler = new RecordingScheduler();
    // The service's own deadline, not the suite's longer one (test/support/test-service.ts).
    service = await startTestService({ REQUEST_DEADLINE_MS: '' }, { scheduler });
    const account = await service.createAccount({ plan: 'pro' });
    apiKey = account.apiKey;
    await service.connectProfile(account.accountId, 'bluesky');
    // Warm, as a Lambda container serving traffic is: the handler modules loaded (a cold start's
    // loading comes before the request's deadline starts, in Lambda as here).
    expect((await service.call('GET', '/profiles', { key: apiKey })).status).toBe(200);
    expect((await service.call('POST', '/posts', { key: apiKey, body: {} })).status).toBe(400);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    resumeStore();
  });
  afterAll(async () => {
    // Whatever failed above: the engine runs again before anything is asked of it, then stops.
    resumeStore();
    try {
      await service?.stop();
    } finally {
      await engine?.stop();
    }
  });

  async function timedCall(method: string, path: string, options: CallOptions): Promise<CallResult & { elapsedMs: number }> {
    const sent = performance.now();
    const result = await service!.call(method, path, options);
    return { ...result, elapsedMs: performance.now() - sent };
  }

  /** The spec's answer to a stalled store, within the promised time. */
  function expectStallAnswer(result: CallResult & { elapsedMs: number }) {
    expect({
      status: result.status,
      retryAfter: result.headers.get('retry-after'),
      requestId: result.headers.get('x-request-id'),
      body: result.json,
    }).toEqual({
      status: 503,
      retryAfter: '1',
      requestId: expect.any(String),
      body: { error: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/retry/) },
    });
    // A wall-clock bound on purpose: the deadline is the promise under test.
    expect(result.elapsedMs).toBeLessThan(ANSWER_WITHIN_MS);
  }

  /**
   * Repeats a creation while its key is held: the claim of a request answered at its deadline holds
   * the key until that deadline (plus a second between clocks), so a few seconds at most, not the
   * 60 s of a request without one. Returns the first other answer and how many 409s came before it.
   */
  async function repeatWhileInProgress(body: unknown, key: string): Promise<CallResult & { inProgress: number }> {
    const giveUpAt = Date.now() + 10_000;
    for (let inProgress = 0; ; inProgress += 1) {
      const result = await service!.call('POST', '/posts', { key: apiKey, body, headers: { 'idempotency-key': key } });
      if (result.status !== 409 || result.json?.error !== 'IDEMPOTENCY_KEY_IN_PROGRESS' || Date.now() > giveUpAt)
        return { ...result, inProgress };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const postsWith = async (content: string) =>
    ((await service!.call('GET', '/posts', { key: apiKey })).json.posts as Array<{ id: string; content: string }>).filter(
      (post) => post.content === content,
    );
  const used = async (): Promise<number> => (await service!.call('GET', '/usage', { key: apiKey })).json.usage.used;

  it('GET /profiles with the store paused answers 503 with retry-after within 5 s', async () => {
    pauseStore();
    expectStallAnswer(await timedCall('GET', '/profiles', { key: apiKey }));
    resumeStore();
    const after = await service!.call('GET', '/profiles', { key: apiKey });
    expect([after.status, after.json.profiles.map((profile: { platform: string }) => profile.platform)]).toEqual([200, ['bluesky']]);
  });

  it('POST /posts with the store paused answers 503 within 5 s and writes nothing; the same idempotency-key then creates the post once', async () => {
    const usedBefore = await used();
    const body = { content: 'stalled store', platforms: ['bluesky'], scheduled_for: new Date(Date.now() + 90 * MINUTE).toISOString() };
    const headers = { 'idempotency-key': 'stall-before-request' };

    pauseStore();
    expectStallAnswer(await timedCall('POST', '/posts', { key: apiKey, body, headers }));
    resumeStore();
    expect({ posts: await postsWith(body.content), used: await used() }).toEqual({ posts: [], used: usedBefore });

    const created = await repeatWhileInProgress(body, headers['idempotency-key']);
    expect(created.status).toBe(201);
    const replayed = await service!.call('POST', '/posts', { key: apiKey, body, headers });
    expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.json.post.id]).toEqual([
      201,
      'true',
      created.json.post.id,
    ]);
    expect((await postsWith(body.content)).map((post) => post.id)).toEqual([created.json.post.id]);
    expect(await used()).toBe(usedBefore + 1);
    expect(scheduler.scheduled.get(created.json.post.id)?.toISOString()).toBe(body.scheduled_for);
  });

  it('a store stalling under the creation transaction: 503 within 5 s, all or nothing, and the repeat creates the post once', async () => {
    const usedBefore = await used();
    const body = { content: 'stalled mid-way', platforms: ['bluesky'], scheduled_for: new Date(Date.now() + 90 * MINUTE).toISOString() };
    const headers = { 'idempotency-key': 'stall-mid-way' };
    const { db } = await import('#shared/store/client');
    const send = db.send.bind(db) as (command: unknown, options?: unknown) => Promise<unknown>;
    // The claim and the reads are done; the store stops the moment the transaction is sent to it, which
    // it may still apply when it comes back, after the answer.
    jest.spyOn(db, 'send').mockImplementation(((command: { constructor: { name: string } }, options?: unknown) => {
      if (command.constructor.name === 'TransactWriteCommand' && !paused) pauseStore();
      return send(command, options);
    }) as never);

    expectStallAnswer(await timedCall('POST', '/posts', { key: apiKey, body, headers }));
    jest.restoreAllMocks();
    resumeStore();
    // The transaction sent into the stall may land now or never: at most this one post.
    const during = await postsWith(body.content);
    expect(during.length).toBeLessThanOrEqual(1);

    const created = await repeatWhileInProgress(body, headers['idempotency-key']);
    expect(created.status).toBe(201);
    if (during.length) expect(created.json.post.id).toBe(during[0].id);
    const replayed = await service!.call('POST', '/posts', { key: apiKey, body, headers });
    expect(replayed.json.post.id).toBe(created.json.post.id);
    expect((await postsWith(body.content)).map((post) => post.id)).toEqual([created.json.post.id]);
    expect(await used()).toBe(usedBefore + 1);
    // Handed over to the scheduler, by the creation or by the repeat that found it committed.
    expect(scheduler.scheduled.get(created.json.post.id)?.toISOString()).toBe(body.scheduled_for);
  });

  it('a claim left in progress by a request the store stalled under holds the key only briefly: then the repeat takes it over and creates once', async () => {
    const usedBefore = await used();
    const body = { content: 'claim left behind', platforms: ['bluesky'], scheduled_for: new Date(Date.now() + 90 * MINUTE).toISOString() };
    const headers = { 'idempotency-key': 'stall-after-claim' };
    const { db } = await import('#shared/store/client');
    const send = db.send.bind(db) as (command: unknown, options?: unknown) => Promise<unknown>;
    let releasesLost = 0;
    type Command = { constructor: { name: string }; input: { Item?: { type?: string }; Key?: { pk?: string } } };
    jest.spyOn(db, 'send').mockImplementation((async (command: Command, options?: unknown) => {
      const name = command.constructor.name;
      // The release of the claim lost too (as when the store does not answer it): only the lock frees the key.
      if (paused && name === 'DeleteCommand' && String(command.input.Key?.pk).startsWith('IDEMPOTENCY#')) {
        releasesLost += 1;
        throw Object.assign(new Error('no answer (test)'), { name: 'TimeoutError' });
      }
      const result = await send(command, options);
      // The key is claimed; the store stops before the creation reads anything.
      if (name === 'PutCommand' && command.input.Item?.type === 'idempotency_record' && !paused) pauseStore();
      return result;
    }) as never);

    expectStallAnswer(await timedCall('POST', '/posts', { key: apiKey, body, headers }));
    jest.restoreAllMocks();
    resumeStore();
    expect(releasesLost).toBe(1);
    expect({ posts: await postsWith(body.content), used: await used() }).toEqual({ posts: [], used: usedBefore });

    const created = await repeatWhileInProgress(body, headers['idempotency-key']);
    // Held while the first request could still act (a second post impossible), then taken over.
    expect([created.status, created.inProgress > 0]).toEqual([201, true]);
    const replayed = await service!.call('POST', '/posts', { key: apiKey, body, headers });
    expect([replayed.headers.get('idempotent-replayed'), replayed.json.post.id]).toEqual(['true', created.json.post.id]);
    expect((await postsWith(body.content)).map((post) => post.id)).toEqual([created.json.post.id]);
    expect(await used()).toBe(usedBefore + 1);
  });
});
