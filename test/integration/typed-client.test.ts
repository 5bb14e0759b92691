import { ApiError, createSocialPostingClient, orThrow, type ErrorBodyOf, type SocialPostingClient } from '../../client/src';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';

/**
 * The generated client (client/, docs/api.md, "Typed client") against the local service: the same
 * stack `npm start` runs (local/local-stack.ts), in process, with a RecordingScheduler so nothing
 * publishes. Every call below is typed from docs/openapi.json: the narrowing on `error.code` and
 * the field types are checked by `npm run typecheck` (test/ is in tsconfig.json), the values here.
 */
type Platform = 'linkedin' | 'bluesky';

const inTwoHours = () => {
  const at = new Date(Date.now() + 2 * 3600_000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
};

describe('the typed client against the local service', () => {
  let service: TestService;
  const scheduler = new RecordingScheduler();

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '20', RATE_LIMIT_WINDOW_SECONDS: '60' }, { scheduler });
  });
  afterAll(async () => {
    await service?.stop();
  });

  /** A client for a new account with bluesky connected; `sent` records each HTTP attempt, `delays` each wait. */
  async function clientForNewAccount() {
    const account = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(account.accountId, 'bluesky');
    const sent: { method: string; path: string; status: number; idempotencyKey: string | null }[] = [];
    const delays: number[] = [];
    let onSleep: (ms: number) => void = () => undefined;
    const client: SocialPostingClient = createSocialPostingClient({
      baseUrl: service.baseUrl,
      apiKey: account.apiKey,
      fetch: async (request) => {
        const response = await fetch(request);
        const { pathname } = new URL(request.url);
        sent.push({
          method: request.method,
          path: pathname,
          status: response.status,
          idempotencyKey: request.headers.get('idempotency-key'),
        });
        return response;
      },
      retry: {
        sleep: async (ms) => {
          delays.push(ms);
          onSleep(ms);
        },
      },
    });
    return { client, sent, delays, apiKey: account.apiKey, whileSleeping: (action: (ms: number) => void) => void (onSleep = action) };
  }

  it('creates, lists, previews, edits and deletes a post', async () => {
    const { client, sent } = await clientForNewAccount();
    const scheduledFor = inTwoHours();

    const preview = await orThrow(client.POST('/posts/preview', { body: { content: 'Hello #typed', platforms: ['bluesky'] } }));
    const thread: { text: string; graphemes: number }[] | undefined = preview.preview.bluesky?.posts;
    expect(thread).toEqual([expect.objectContaining({ text: 'Hello #typed', graphemes: 12 })]);
    expect(preview.preview.linkedin).toBeUndefined();

    const body = { content: 'Hello #typed', platforms: ['bluesky' as const], scheduled_for: scheduledFor };
    const created = await client.POST('/posts', { body, idempotencyKey: 'typed-create-1' });
    expect(created.response.status).toBe(201);
    if (created.error) throw created.error;
    const { post, usage } = created.data;
    expect(post).toMatchObject({ content: 'Hello #typed', platforms: ['bluesky'], status: 'scheduled', scheduled_for: scheduledFor });
    expect(usage).toMatchObject({ used: 1, remaining: usage.limit - 1 });
    const replayed = await orThrow(client.POST('/posts', { body, idempotencyKey: 'typed-create-1' }));
    expect(replayed.post.id).toBe(post.id);

    const notSent = () => [
      // @ts-expect-error idempotencyKey exists on POST and PATCH only
      client.GET('/posts', { idempotencyKey: 'nope' }),
      // @ts-expect-error `status` takes the documented values only
      client.GET('/posts', { params: { query: { status: 'sent' } } }),
    ];
    expect(notSent).toEqual(expect.any(Function)); // type checks only: never called
    const page = await orThrow(client.GET('/posts', { params: { query: { status: 'scheduled', limit: 10 } } }));
    expect(page.posts.map((listed) => listed.id)).toEqual([post.id]);
    expect(page.next_cursor).toBeNull();

    const edited = await orThrow(
      client.PATCH('/posts/{id}', {
        params: { path: { id: post.id } },
        body: { content: 'Edited #typed' },
        idempotencyKey: 'typed-edit-1',
      }),
    );
    expect(edited.post).toMatchObject({ id: post.id, content: 'Edited #typed', scheduled_for: scheduledFor, status: 'scheduled' });
    const read = await orThrow(client.GET('/posts/{id}', { params: { path: { id: post.id } } }));
    expect(read.post.content).toBe('Edited #typed');

    const deleted = await client.DELETE('/posts/{id}', { params: { path: { id: post.id } } });
    expect([deleted.response.status, deleted.data, deleted.error]).toEqual([204, undefined, undefined]);
    const gone = await client.GET('/posts/{id}', { params: { path: { id: post.id } } });
    expect(gone.error?.is('POST_NOT_FOUND')).toBe(true);
    expect([gone.error?.status, gone.error?.code]).toEqual([404, 'POST_NOT_FOUND']);

    expect(sent.map(({ method, path, status }) => `${method} ${path.replace(post.id, '{id}')} ${status}`)).toEqual([
      'POST /posts/preview 200',
      'POST /posts 201',
      'POST /posts 201',
      'GET /posts 200',
      'PATCH /posts/{id} 200',
      'GET /posts/{id} 200',
      'DELETE /posts/{id} 204',
      'GET /posts/{id} 404',
    ]);
    expect(sent.filter((request) => request.idempotencyKey !== null).map((request) => request.idempotencyKey)).toEqual([
      'typed-create-1',
      'typed-create-1',
      'typed-edit-1',
    ]);
  });

  it('types PLATFORMS_NOT_CONNECTED with its missing_platforms', async () => {
    const { client, sent } = await clientForNewAccount();
    const { data, error, response } = await client.POST('/posts', {
      body: { content: 'Everywhere', platforms: ['linkedin', 'bluesky'], scheduled_for: inTwoHours() },
    });
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(ApiError);
    // @ts-expect-error missing_platforms is typed only once the code is known (npm run typecheck fails without this line's error)
    expect(error?.body.missing_platforms).toEqual(['linkedin']);
    if (error?.code !== 'PLATFORMS_NOT_CONNECTED') throw new Error(`expected PLATFORMS_NOT_CONNECTED, got ${error?.code}`);
    const body: ErrorBodyOf<'PLATFORMS_NOT_CONNECTED'> = error.body; // narrowed by the code
    const missing: Platform[] = body.missing_platforms;
    expect([error.status, error.code, missing]).toEqual([400, 'PLATFORMS_NOT_CONNECTED', ['linkedin']]);
    expect(body).toEqual({
      error: 'PLATFORMS_NOT_CONNECTED',
      message: expect.stringContaining('linkedin'),
      missing_platforms: ['linkedin'],
    });
    expect(error.message).toBe(body.message);
    expect(error.requestId).toBe(response.headers.get('x-request-id'));
    expect(error.requestId).toEqual(expect.any(String));
    expect(sent).toHaveLength(1);
  });

  it('waits out a 429 as long as retry_after says, then succeeds', async () => {
    const { useClock, fixedClock } = await import('#shared/ports/clock');
    const { client, sent, delays, apiKey, whileSleeping } = await clientForNewAccount();
    // The rate-limit window follows the clock port: held 10 s into a window, moved by the client's "sleep".
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
    let now = windowStart + 10_000;
    useClock(fixedClock(new Date(now)));
    whileSleeping((ms) => {
      now += ms;
      useClock(fixedClock(new Date(now)));
    });
    try {
      for (let index = 0; index < 20; index += 1) expect((await service.call('GET', '/usage', { key: apiKey })).status).toBe(200);
      const usage = await orThrow(client.GET('/usage'));
      expect(usage.usage.used).toBe(0);
      expect(delays).toEqual([50_000]);
      expect(sent.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual(['GET /usage 429', 'GET /usage 200']);
    } finally {
      useClock();
    }
  });

  it('does not repeat a POST after a 5xx without an idempotency-key; with one, repeats it and creates the post once', async () => {
    const { client, sent, delays, whileSleeping } = await clientForNewAccount();
    const { db } = await import('#shared/store/client');
    const original = db.send.bind(db);
    const outage = jest.spyOn(db, 'send').mockImplementation(((command: { constructor: { name: string } }) =>
      command.constructor.name === 'TransactWriteCommand'
        ? Promise.reject(
            Object.assign(new Error('simulated outage'), {
              name: 'InternalServerError',
              $fault: 'server',
              $metadata: { httpStatusCode: 500 },
            }),
          )
        : original(command as never)) as never);
    try {
      const body = { content: 'Once only', platforms: ['bluesky' as const], scheduled_for: inTwoHours() };
      const refused = await client.POST('/posts', { body });
      expect([refused.error?.status, refused.error?.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      expect(refused.response.headers.get('retry-after')).toBe('1');
      expect(sent.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual(['POST /posts 503']);
      expect(delays).toEqual([]);

      whileSleeping(() => outage.mockRestore()); // the outage ends while the client waits
      const created = await orThrow(client.POST('/posts', { body, idempotencyKey: 'typed-outage-1' }));
      expect(delays).toEqual([1_000]);
      expect(sent.slice(1).map(({ status, idempotencyKey }) => `${status} ${idempotencyKey}`)).toEqual([
        '503 typed-outage-1',
        '201 typed-outage-1',
      ]);
      const page = await orThrow(client.GET('/posts'));
      expect(page.posts.map((listed) => listed.id)).toEqual([created.post.id]);
    } finally {
      outage.mockRestore();
    }
  });
});
