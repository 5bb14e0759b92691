import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { offsetClock, useClock } from '#shared/ports/clock';
import { startTestService, type TestService } from '../support/test-service';
import { RecordingScheduler } from '../support/recording-scheduler';
import { ScriptedPublisher } from '../support/fake-publishers';

/**
 * What the publisher does with each trigger the publish queue (or a schedule) hands it: a
 * trigger for a moved or deleted post does nothing, an early one goes back on the queue instead
 * of waiting, under a second early is waited out, and a failed record is reported to SQS alone.
 */
const context = { awsRequestId: 'test' } as Context;
type Handler = (event: unknown, context: Context) => Promise<SQSBatchResponse | void>;
const record = (messageId: string, body: unknown) => ({ messageId, body: JSON.stringify(body) });

describe('publisher triggers', () => {
  let service: TestService;
  let scheduler: RecordingScheduler;
  let bluesky: ScriptedPublisher;
  let account: { accountId: string; apiKey: string };
  let handler: Handler;

  beforeAll(async () => {
    scheduler = new RecordingScheduler();
    service = await startTestService({}, { scheduler });
    ({ handler } = (await import('../../functions/publish-post/handler')) as { handler: Handler });
    account = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(account.accountId, 'bluesky');
    const { usePlatformPublisher } = await import('#shared/platforms/registry');
    bluesky = new ScriptedPublisher('bluesky');
    usePlatformPublisher('bluesky', bluesky);
  });
  afterEach(() => {
    useClock();
    scheduler.failSends = false;
    scheduler.queued.length = 0;
  });
  afterAll(async () => {
    await service.stop();
  });

  const scheduleIn = async (ms: number) => {
    const scheduledFor = new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();
    const response = await service.call('POST', '/posts', {
      key: account.apiKey,
      body: { content: 'On time', platforms: ['bluesky'], scheduled_for: scheduledFor },
    });
    expect(response.status).toBe(201);
    return { postId: response.json.post.id as string, dueAt: response.json.post.scheduled_for as string };
  };
  const read = async (postId: string) => (await service.call('GET', `/posts/${postId}`, { key: account.apiKey })).json.post;
  const sqsEvent = (...records: { messageId: string; body: string }[]) => ({ Records: records }) as unknown as SQSEvent;

  it('ignores a trigger made for another time (the post was moved): nothing claimed, nothing queued', async () => {
    const { postId, dueAt } = await scheduleIn(120_000);
    useClock(offsetClock(Date.parse(dueAt) - Date.now()));
    const stale = new Date(Date.parse(dueAt) - 60_000).toISOString();
    await expect(handler(sqsEvent(record('m1', { post_id: postId, due_at: stale })), context)).resolves.toEqual({ batchItemFailures: [] });
    expect((await read(postId)).status).toBe('scheduled');
    expect(bluesky.callsFor(postId)).toBe(0);
    expect(scheduler.queued).toEqual([]);
  });

  it('queues an early trigger again for the post time instead of waiting, and ignores one further ahead than the queue reaches', async () => {
    const { postId, dueAt } = await scheduleIn(300_000);
    const started = performance.now();
    await handler(sqsEvent(record('m1', { post_id: postId, due_at: dueAt })), context);
    // Back on the queue at once: far short of the 300 s it would have waited (a bound no slow machine reaches).
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(scheduler.queued).toHaveLength(1);
    expect(scheduler.queued[0]!.trigger).toEqual({ post_id: postId, due_at: dueAt });
    const expected = Math.ceil((Date.parse(dueAt) - Date.now()) / 1000);
    expect(Math.abs(scheduler.queued[0]!.delaySeconds - expected)).toBeLessThanOrEqual(1);
    expect((await read(postId)).status).toBe('scheduled');

    const far = await scheduleIn(3_600_000);
    await handler({ post_id: far.postId }, context);
    expect(scheduler.queued).toHaveLength(1);
    expect(bluesky.callsFor(far.postId)).toBe(0);
  });

  it('waits out under a second before the post time, then publishes', async () => {
    const { postId, dueAt } = await scheduleIn(120_000);
    useClock(offsetClock(Date.parse(dueAt) - 400 - Date.now()));
    const started = performance.now();
    await handler(sqsEvent(record('m1', { post_id: postId, due_at: dueAt })), context);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(350);
    expect(waited).toBeLessThan(1500);
    expect(bluesky.callsFor(postId)).toBe(1);
    expect((await read(postId)).status).toBe('published');
  });

  it('does nothing for a deleted post', async () => {
    const { postId, dueAt } = await scheduleIn(120_000);
    expect((await service.call('DELETE', `/posts/${postId}`, { key: account.apiKey })).status).toBe(204);
    useClock(offsetClock(Date.parse(dueAt) - Date.now()));
    await expect(handler(sqsEvent(record('m1', { post_id: postId, due_at: dueAt })), context)).resolves.toEqual({ batchItemFailures: [] });
    expect(bluesky.callsFor(postId)).toBe(0);
  });

  it('reports only the record whose run failed, so SQS redelivers that one alone', async () => {
    const due = await scheduleIn(120_000);
    const early = await scheduleIn(600_000);
    useClock(offsetClock(Date.parse(due.dueAt) - Date.now()));
    scheduler.failSends = true;
    const response = await handler(
      sqsEvent(record('ok', { post_id: due.postId, due_at: due.dueAt }), record('fails', { post_id: early.postId, due_at: early.dueAt }), {
        messageId: 'garbage',
        body: 'not json',
      }),
      context,
    );
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'fails' }] });
    expect((await read(due.postId)).status).toBe('published');
    expect((await read(early.postId)).status).toBe('scheduled');
  });
});
