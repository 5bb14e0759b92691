import { mockClient } from 'aws-sdk-client-mock';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  DIRECT_QUEUE_HORIZON_MS,
  MAX_QUEUE_DELAY_SECONDS,
  MAX_IN_FUNCTION_WAIT_MS,
  parseTrigger,
  queueDelaySeconds,
  scheduledTrigger,
  queuesDirectly,
  releaseScheduleTime,
} from '#shared/domain/publish-timing';
import { fixedClock, useClock } from '#shared/ports/clock';
import { SqsPublishQueue } from '#shared/adapters/aws/sqs-publish-queue';
import { lambdaContext } from '../../local/lambda-context';
import { wirePorts, unwirePorts } from '#shared/ports/registry';

/**
 * EventBridge Scheduler fires a one-time schedule anywhere in the minute it names; the release
 * step then holds the post back on the queue for the whole seconds still to go. At whatever
 * second the schedule fires, the post is delivered at its time or under a second after, and
 * never before.
 */
describe('release timing', () => {
  const postSeconds = [0, 0.001, 17.25, 29.5, 59.999];
  const cases = postSeconds.flatMap((postSecond) => Array.from({ length: 60 }, (_, fireSecond) => [postSecond, fireSecond] as const));

  it.each(postSeconds)(
    'a post at second %s of its minute: every fire second of the window delivers within the second before it, never late',
    (postSecond) => {
      const due = new Date(Date.UTC(2026, 10, 23, 10, 30, 0) + postSecond * 1000);
      const window = releaseScheduleTime(due);
      for (const [, fireSecond] of cases.filter(([second]) => second === postSecond)) {
        for (const fraction of [0, 0.5, 0.999]) {
          const fired = new Date(window.getTime() + (fireSecond + fraction) * 1000);
          const delay = queueDelaySeconds(due, fired);
          expect(delay).toBeGreaterThanOrEqual(59);
          expect(delay).toBeLessThanOrEqual(180);
          expect(delay).toBeLessThanOrEqual(MAX_QUEUE_DELAY_SECONDS);
          const deliveredAt = fired.getTime() + delay * 1000;
          expect(deliveredAt).toBeLessThanOrEqual(due.getTime());
          expect(due.getTime() - deliveredAt).toBeLessThan(MAX_IN_FUNCTION_WAIT_MS);
        }
      }
    },
  );

  it('names the minute two minutes before the post minute', () => {
    expect(releaseScheduleTime(new Date('2026-11-23T10:30:42.250Z')).toISOString()).toBe('2026-11-23T10:28:00.000Z');
    expect(releaseScheduleTime(new Date('2026-11-23T00:01:00.000Z')).toISOString()).toBe('2026-11-22T23:59:00.000Z');
  });

  it('queues directly within 14 minutes, schedules beyond; delays are clamped to what SQS takes', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(queuesDirectly(new Date(now.getTime() + DIRECT_QUEUE_HORIZON_MS), now)).toBe(true);
    expect(queuesDirectly(new Date(now.getTime() + DIRECT_QUEUE_HORIZON_MS + 1), now)).toBe(false);
    expect(queueDelaySeconds(new Date(now.getTime() - 5_000), now)).toBe(0);
    expect(queueDelaySeconds(new Date(now.getTime() + 2_000_000), now)).toBe(MAX_QUEUE_DELAY_SECONDS);
    expect(queueDelaySeconds(new Date(now.getTime() + 1), now)).toBe(0);
    expect(queueDelaySeconds(new Date(now.getTime() + 1_999), now)).toBe(1);
  });

  it('reads a trigger from a message body or a schedule input and refuses anything else', () => {
    const id = '3f0e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    expect(parseTrigger(JSON.stringify({ post_id: id }))).toEqual({ post_id: id });
    expect(parseTrigger({ post_id: id, due_at: '2026-11-23T10:00:00.000Z', extra: 1 })).toEqual({
      post_id: id,
      due_at: '2026-11-23T10:00:00.000Z',
    });
    for (const bad of ['{', 'null', { post_id: 'x' }, { post_id: id, due_at: 'soon' }, { post_id: id, due_at: 5 }, undefined, 42]) {
      expect(parseTrigger(bad)).toBeUndefined();
    }
  });

  it('carries the post version a trigger was made for, a whole number from 0; a version-0 trigger is written without it', () => {
    const id = '3f0e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    const dueAt = '2026-11-23T10:00:00.000Z';
    expect(parseTrigger({ post_id: id, due_at: dueAt, version: 3 })).toEqual({ post_id: id, due_at: dueAt, version: 3 });
    expect(parseTrigger(JSON.stringify({ post_id: id, version: 0 }))).toEqual({ post_id: id, version: 0 });
    for (const version of [-1, 1.5, '2', null, Number.MAX_VALUE])
      expect(parseTrigger({ post_id: id, due_at: dueAt, version })).toBeUndefined();
    expect(scheduledTrigger(id, new Date(dueAt))).toEqual({ post_id: id, due_at: dueAt });
    expect(scheduledTrigger(id, new Date(dueAt), 0)).toEqual({ post_id: id, due_at: dueAt });
    expect(scheduledTrigger(id, new Date(dueAt), 2)).toEqual({ post_id: id, due_at: dueAt, version: 2 });
  });
});

describe('the release function', () => {
  const sqs = mockClient(SQSClient);
  const queueUrl = 'https://sqs.eu-west-1.amazonaws.com/123456789012/publish';
  const postId = '3f0e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
  beforeEach(() => {
    sqs.reset();
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
    wirePorts({ publishQueue: () => new SqsPublishQueue(queueUrl) });
  });
  afterAll(() => {
    useClock();
    unwirePorts('publishQueue');
  });

  it('queues the post with the whole seconds still to go (rounded down: the publisher waits out the fraction), then its link card preparation at once, and does nothing else', async () => {
    useClock(fixedClock(new Date('2026-11-23T10:28:37.400Z')));
    const { handler } = await import('../../functions/release-post/handler');
    await handler({ post_id: postId, due_at: '2026-11-23T10:30:42.250Z' }, lambdaContext('r', 'release-post', 10_000));
    expect(sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input)).toEqual([
      { QueueUrl: queueUrl, MessageBody: JSON.stringify({ post_id: postId, due_at: '2026-11-23T10:30:42.250Z' }), DelaySeconds: 124 },
      // docs/decisions/0191-link-cards-prepared-before-the-due-time.md
      {
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify({ post_id: postId, due_at: '2026-11-23T10:30:42.250Z', prepare: true }),
        DelaySeconds: 0,
      },
    ]);
  });

  it('drops an input that is not a release trigger, sending nothing', async () => {
    const { handler } = await import('../../functions/release-post/handler');
    await handler({ post_id: postId }, lambdaContext('r', 'release-post', 10_000));
    await handler({ hello: 'world' }, lambdaContext('r', 'release-post', 10_000));
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });
});
