import { mockClient } from 'aws-sdk-client-mock';
import { ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { PublishTrigger } from '#shared/domain/publish-timing';
import { fixedClock, useClock } from '#shared/ports/clock';
import { SqsPublishQueue } from '#shared/adapters/aws/sqs-publish-queue';
import { LocalScheduler, type LocalDelivery } from '../../local/local-scheduler';

/**
 * The publish queue's `redeliverIn`: in AWS, ChangeMessageVisibility on the delivery's receipt
 * handle; locally, the failed delivery comes back that many seconds later by the clock port, and
 * the fifth failed delivery is dead-lettered.
 */
const queueUrl = 'https://sqs.eu-west-1.amazonaws.com/123456789012/publish';
const trigger: PublishTrigger = { post_id: '3f0e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a5b' };

describe('the SQS publish queue', () => {
  const sqs = mockClient(SQSClient);
  afterEach(() => sqs.reset());
  afterAll(() => sqs.restore());

  it('changes the visibility of the delivery to the seconds asked', async () => {
    sqs.on(ChangeMessageVisibilityCommand).resolves({});
    await new SqsPublishQueue(queueUrl).redeliverIn('receipt-1', 16);
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand).map((call) => call.args[0].input)).toEqual([
      { QueueUrl: queueUrl, ReceiptHandle: 'receipt-1', VisibilityTimeout: 16 },
    ]);
  });

  it('refuses a visibility SQS would refuse, and fails without a queue URL, sending nothing', async () => {
    for (const seconds of [-1, 2.5, 43_201])
      await expect(new SqsPublishQueue(queueUrl).redeliverIn('receipt-1', seconds)).rejects.toThrow('VisibilityTimeout');
    await expect(new SqsPublishQueue(undefined).redeliverIn('receipt-1', 2)).rejects.toThrow('PUBLISH_QUEUE_URL');
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand)).toHaveLength(0);
  });

  it('passes an SQS refusal on (the publisher logs it and leaves the message to the visibility timeout)', async () => {
    sqs.on(ChangeMessageVisibilityCommand).rejects(new Error('ReceiptHandleIsInvalid'));
    await expect(new SqsPublishQueue(queueUrl).redeliverIn('stale', 2)).rejects.toThrow('ReceiptHandleIsInvalid');
  });
});

describe('the local publish queue', () => {
  const clock = fixedClock(new Date('2026-11-25T10:00:00.000Z'));
  let deliveries: LocalDelivery[];
  let queue: LocalScheduler;
  beforeEach(() => {
    useClock(clock);
    deliveries = [];
    // Every run fails after asking to be delivered again in 3 s.
    queue = new LocalScheduler(async (_trigger, delivery) => {
      deliveries.push(delivery);
      await queue.redeliverIn(delivery.receiptHandle, 3);
      throw new Error('run failed');
    }, 5);
    queue.startTicking();
  });
  afterEach(async () => {
    await queue.stop();
    useClock();
  });
  const advance = async (ms: number) => {
    clock.advance(ms);
    await queue.settle();
  };

  it('delivers a failed trigger again when its publisher asked, counting receives, and dead-letters the fifth failure', async () => {
    await queue.send(trigger, 0);
    await advance(0);
    expect(deliveries.map((delivery) => delivery.receiveCount)).toEqual([1]);
    await advance(2_999);
    expect(deliveries).toHaveLength(1);
    await advance(1);
    expect(deliveries.map((delivery) => delivery.receiveCount)).toEqual([1, 2]);
    expect(new Set(deliveries.map((delivery) => delivery.receiptHandle)).size).toBe(2);
    for (let receive = 3; receive <= 5; receive += 1) await advance(3_000);
    expect(deliveries.map((delivery) => delivery.receiveCount)).toEqual([1, 2, 3, 4, 5]);
    expect(queue.deadLetters).toEqual([{ trigger, receives: 5 }]);
    await advance(60_000);
    expect(deliveries).toHaveLength(5);
    expect(queue.isScheduled(trigger.post_id)).toBe(false);
  });

  it('refuses a visibility change for a receipt handle not under way', async () => {
    await expect(queue.redeliverIn('unknown', 2)).rejects.toThrow('No delivery under way');
  });
});
