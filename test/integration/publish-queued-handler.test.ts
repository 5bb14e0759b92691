import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { fixedClock, useClock } from '#shared/ports/clock';
import { startTestService, type TestService } from '../support/test-service';
import { RecordingScheduler } from '../support/recording-scheduler';
import { ScriptedPublisher } from '../support/fake-publishers';
import { captureLogs } from '../support/log-capture';

/**
 * The publisher handler's side of the queue (docs/decisions/0033-publish-retries-in-seconds.md and
 * "Publish lateness metric"): a record it reports as failed is first given back to the queue for
 * the time the redelivery policy says (by its receive count); a failed visibility change is logged
 * and the record still reported; each run that calls a platform measures its lateness once.
 */
const context = { awsRequestId: 'test' } as Context;
type Handler = (event: unknown, context: Context) => Promise<SQSBatchResponse | void>;
const record = (messageId: string, body: unknown, receiveCount: number) => ({
  messageId,
  receiptHandle: `handle-${messageId}`,
  body: JSON.stringify(body),
  attributes: { ApproximateReceiveCount: String(receiveCount) },
});
const sqsEvent = (...records: ReturnType<typeof record>[]) => ({ Records: records }) as unknown as SQSEvent;

describe('publisher handler on the publish queue', () => {
  let service: TestService;
  let scheduler: RecordingScheduler;
  let bluesky: ScriptedPublisher;
  let account: { accountId: string; apiKey: string };
  let handler: Handler;
  const clock = fixedClock(new Date());

  beforeAll(async () => {
    useClock(clock);
    scheduler = new RecordingScheduler();
    // INFO: the tests read the publisher's log lines.
    service = await startTestService({ LOG_LEVEL: 'INFO' }, { scheduler });
    ({ handler } = (await import('../../functions/publish-post/handler')) as { handler: Handler });
    account = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(account.accountId, 'bluesky');
    await service.connectProfile(account.accountId, 'linkedin');
    const { usePlatformPublisher } = await import('#shared/platforms/registry');
    bluesky = new ScriptedPublisher('bluesky');
    usePlatformPublisher('bluesky', bluesky);
    usePlatformPublisher('linkedin', new ScriptedPublisher('linkedin'));
  });
  afterEach(() => {
    scheduler.failSends = false;
    scheduler.failRedeliveries = false;
    scheduler.redelivered.length = 0;
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await service.stop();
    useClock();
  });

  const createPost = async (body: Record<string, unknown>) => {
    const response = await service.call('POST', '/posts', {
      key: account.apiKey,
      body: { content: 'Queued', platforms: ['bluesky'], ...body },
    });
    expect(response.status).toBe(201);
    return response.json.post as { id: string; scheduled_for: string | null; created_at: string };
  };
  /** A post 10 minutes ahead whose trigger is delivered now: it goes back on the queue, and that send fails. */
  const failingTrigger = async () => {
    const post = await createPost({ scheduled_for: new Date(clock.now().getTime() + 10 * 60_000).toISOString() });
    scheduler.failSends = true;
    return { post_id: post.id, due_at: post.scheduled_for };
  };
  /** The log lines written while `act` runs, parsed. */
  const logged = async (act: () => Promise<unknown>) => {
    const capture = captureLogs();
    try {
      await act();
    } finally {
      capture.restore();
    }
    return capture
      .text()
      .split('\n')
      .flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as Record<string, any>] : [])); // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  it('gives a failed record back after the seconds its receive count calls for, and only that record', async () => {
    const published = await createPost({});
    const failing = await failingTrigger();
    const response = await handler(sqsEvent(record('ok', { post_id: published.id }, 1), record('fails', failing, 3)), context);
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'fails' }] });
    expect(scheduler.redelivered).toEqual([{ receiptHandle: 'handle-fails', seconds: 8 }]);
  });

  it('still reports the record when its visibility cannot be changed, and says so in the log', async () => {
    const failing = await failingTrigger();
    scheduler.failRedeliveries = true;
    let response: SQSBatchResponse | void = undefined;
    const lines = await logged(async () => (response = await handler(sqsEvent(record('fails', failing, 1)), context)));
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'fails' }] });
    expect(lines.find((line) => line.message?.startsWith('message visibility not changed'))).toMatchObject({
      level: 'ERROR',
      message_id: 'fails',
      error: expect.objectContaining({ message: 'queue unavailable' }),
    });
    expect(lines.find((line) => line.message === 'publisher run failed; the message will be delivered again')).toMatchObject({
      message_id: 'fails',
      receive_count: 1,
    });
    expect(
      lines.find((line) => line.message === 'publisher run failed; the message will be delivered again')?.redelivery_in_s,
    ).toBeUndefined();
  });

  it('measures lateness once per run that calls a platform, from the due time to the first call; a duplicate delivery measures nothing', async () => {
    const metrics = await import('#shared/metrics');
    const recorded = jest.spyOn(metrics, 'recordPublishLatenessMetric');
    const post = await createPost({ platforms: ['bluesky', 'linkedin'] });
    expect(post.created_at).toBe(clock.now().toISOString());
    clock.advance(1_500);
    const lines = await logged(() => handler(sqsEvent(record('first', { post_id: post.id }, 1)), context));
    expect(recorded.mock.calls).toEqual([[1_500]]);
    expect(lines.find((line) => line.message === 'publisher run')).toMatchObject({ post_id: post.id, lateness_ms: 1_500 });

    clock.advance(1_000);
    const again = await logged(() => handler(sqsEvent(record('duplicate', { post_id: post.id }, 1)), context));
    expect(recorded).toHaveBeenCalledTimes(1);
    const run = again.find((line) => line.message === 'publisher run');
    expect(run).toMatchObject({ post_id: post.id });
    expect(run?.lateness_ms).toBeUndefined();
  });

  it('measures a scheduled post from its scheduled time, on a retried run too', async () => {
    const metrics = await import('#shared/metrics');
    const recorded = jest.spyOn(metrics, 'recordPublishLatenessMetric');
    const post = await createPost({ scheduled_for: new Date(Math.ceil(clock.now().getTime() / 1000) * 1000 + 120_000).toISOString() });
    clock.set(new Date(Date.parse(post.scheduled_for!) + 4_250));
    bluesky.answer({ ok: false, code: 'PLATFORM_UNAVAILABLE', message: 'down', retryable: false });
    await handler(sqsEvent(record('late', { post_id: post.id, due_at: post.scheduled_for }, 2)), context);
    expect(recorded.mock.calls).toEqual([[4_250]]);
  });
});
