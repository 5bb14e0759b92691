import { mockClient } from 'aws-sdk-client-mock';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { PublishTrigger } from '#shared/domain/publish-timing';
import { fixedClock, useClock } from '#shared/ports/clock';
import type { PublishQueue } from '#shared/ports/publish-queue';
import { SqsPublishQueue } from '#shared/adapters/aws/sqs-publish-queue';
import { LocalScheduler } from '../../local/local-scheduler';

/**
 * One contract for both publish queues: a trigger sent with a delay reaches the publisher once,
 * intact, after that many seconds and not before; the delay is whole seconds from 0 to 900.
 * SQS is observed through the request it is sent (delivery = send time + DelaySeconds, its
 * documented meaning); the local queue by running its ticks against a fixed clock.
 */
interface Harness {
  queue: PublishQueue;
  /** Triggers delivered by the time `seconds` have passed since the send. */
  deliveredAfter(seconds: number): Promise<PublishTrigger[]>;
  close(): Promise<void>;
}

const start = new Date('2026-11-23T10:00:00.000Z');

function sqsHarness(): Harness {
  const sqs = mockClient(SQSClient);
  sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
  return {
    queue: new SqsPublishQueue('https://sqs.eu-west-1.amazonaws.com/123456789012/publish'),
    deliveredAfter: async (seconds) =>
      sqs
        .commandCalls(SendMessageCommand)
        .map((call) => call.args[0].input)
        .filter((input) => (input.DelaySeconds ?? 0) <= seconds)
        .map((input) => JSON.parse(input.MessageBody as string) as PublishTrigger),
    close: async () => sqs.restore(),
  };
}

function localHarness(): Harness {
  const clock = fixedClock(start);
  useClock(clock);
  const delivered: PublishTrigger[] = [];
  const scheduler = new LocalScheduler(async (trigger) => void delivered.push(trigger), 5);
  scheduler.startTicking();
  return {
    queue: scheduler,
    deliveredAfter: async (seconds) => {
      clock.set(new Date(start.getTime() + seconds * 1000));
      // Hands over what the moved clock made due and waits for it: what is not delivered now is not due.
      await scheduler.settle();
      return [...delivered];
    },
    close: async () => {
      await scheduler.stop();
      useClock();
    },
  };
}

describe.each([
  ['SQS', sqsHarness],
  ['local', localHarness],
])('the %s publish queue', (_name, makeHarness) => {
  let harness: Harness;
  beforeEach(() => {
    harness = makeHarness();
  });
  afterEach(() => harness.close());

  const trigger = { post_id: '3f0e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a5b', due_at: '2026-11-23T10:02:05.000Z' };

  it('delivers a delayed trigger intact after its delay, not before, once', async () => {
    await harness.queue.send(trigger, 125);
    expect(await harness.deliveredAfter(124)).toEqual([]);
    expect(await harness.deliveredAfter(125)).toEqual([trigger]);
    expect(await harness.deliveredAfter(900)).toEqual([trigger]);
  });

  it('delivers a trigger with no delay at once', async () => {
    await harness.queue.send({ post_id: trigger.post_id }, 0);
    expect(await harness.deliveredAfter(0)).toEqual([{ post_id: trigger.post_id }]);
  });
});

it('the SQS queue refuses a delay SQS would refuse', async () => {
  const queue = new SqsPublishQueue('https://sqs.eu-west-1.amazonaws.com/123456789012/publish');
  for (const delay of [-1, 1.5, 901])
    await expect(queue.send({ post_id: '3f0e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a5b' }, delay)).rejects.toThrow('DelaySeconds');
});
