import { mockClient } from 'aws-sdk-client-mock';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { fixedClock, useClock } from '#shared/ports/clock';
import type { DeliveryTask, WebhookQueue } from '#shared/ports/webhook-queue';
import { SqsWebhookQueue } from '#shared/adapters/aws/sqs-webhook-queue';
import { sendOnIfEarly } from '#shared/use-cases/webhooks/deliver';
import { LocalWebhookRunner } from '../../local/webhook-runner';
import { wirePorts, unwirePorts } from '#shared/ports/registry';

/**
 * One contract for both webhook queues: an attempt reaches the deliverer intact at its due time,
 * not before, once, however far ahead it is. SQS is emulated from the requests it is sent (a
 * message becomes visible DelaySeconds after its send, at most 900 s), with the deliverer's own
 * first step (`sendOnIfEarly`) sending an early message on; the local runner by its ticks against
 * a fixed clock. SQS messages also carry the endpoint as their group (fair queueing). An attempt
 * due beyond the queue's 15 minutes waits in an EventBridge Scheduler one-time schedule that sends
 * it to the queue at its second (docs/decisions/0171-webhook-retries-wait-in-scheduler.md), never
 * in sends of the deliverer to its own queue (`hops`, which Lambda's recursive-loop detection stops).
 */
interface Harness {
  queue: WebhookQueue;
  /** Messages the deliverer sent back to its own queue to wait (SQS only). */
  hops(): number;
  /** Tasks that reached the deliverer, due, by `seconds` after the start. */
  deliveredAfter(seconds: number): Promise<DeliveryTask[]>;
  close(): Promise<void>;
}

const start = new Date('2026-11-23T10:00:00.000Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

function sqsHarness(): Harness {
  const clock = fixedClock(start);
  useClock(clock);
  const sqs = mockClient(SQSClient);
  const sent: { visibleAt: number; task: DeliveryTask; group?: string; scheduled?: boolean }[] = [];
  sqs.on(SendMessageCommand).callsFake((input: { MessageBody: string; DelaySeconds: number; MessageGroupId?: string }) => {
    expect(Number.isInteger(input.DelaySeconds) && input.DelaySeconds >= 0 && input.DelaySeconds <= 900).toBe(true);
    sent.push({
      visibleAt: clock.now().getTime() + input.DelaySeconds * 1000,
      task: JSON.parse(input.MessageBody) as DeliveryTask,
      group: input.MessageGroupId,
    });
    return { MessageId: 'm' };
  });
  const scheduler = mockClient(SchedulerClient);
  scheduler.on(CreateScheduleCommand).callsFake((input: { ScheduleExpression: string; Target: { Arn: string; Input: string } }) => {
    expect(input.Target.Arn).toBe(settings.webhookQueueArn);
    const second = /^at\((.+)\)$/.exec(input.ScheduleExpression)![1];
    sent.push({ visibleAt: Date.parse(`${second}Z`), task: JSON.parse(input.Target.Input) as DeliveryTask, scheduled: true });
    return { ScheduleArn: 'arn' };
  });
  const settings = {
    webhookQueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/webhooks',
    webhookQueueArn: 'arn:aws:sqs:eu-west-1:123456789012:webhooks',
    webhookDeadLetterQueueArn: 'arn:aws:sqs:eu-west-1:123456789012:webhooks-dlq',
    webhookScheduleGroup: 'stack-webhooks',
    webhookSchedulerRoleArn: 'arn:aws:iam::123456789012:role/webhook-retries',
  };
  const queue = new SqsWebhookQueue(settings);
  wirePorts({ webhookQueue: () => queue });
  const delivered: DeliveryTask[] = [];
  let hops = 0;
  return {
    queue,
    hops: () => hops,
    deliveredAfter: async (seconds) => {
      const until = at(seconds).getTime();
      for (;;) {
        const next = sent.sort((a, b) => a.visibleAt - b.visibleAt)[0];
        if (!next || next.visibleAt > until) break;
        sent.shift();
        if (!next.scheduled) expect(next.group).toBe(next.task.webhook_id);
        clock.set(new Date(next.visibleAt));
        if (await sendOnIfEarly(next.task)) hops += 1;
        else delivered.push(next.task);
      }
      clock.set(new Date(until));
      return [...delivered];
    },
    close: async () => {
      sqs.restore();
      scheduler.restore();
      unwirePorts('webhookQueue');
      useClock();
    },
  };
}

function localHarness(): Harness {
  const clock = fixedClock(start);
  useClock(clock);
  const delivered: DeliveryTask[] = [];
  const runner = new LocalWebhookRunner(
    { dispatch: async () => undefined, deliver: async (task) => void delivered.push(task) },
    5,
    3_600_000,
  );
  runner.startTicking();
  return {
    queue: runner,
    hops: () => 0,
    deliveredAfter: async (seconds) => {
      clock.set(at(seconds));
      // Hands over what the moved clock made due and waits for it: what is not delivered now is not due.
      await runner.settle();
      return [...delivered];
    },
    close: async () => {
      await runner.stop();
      useClock();
    },
  };
}

describe.each([
  ['SQS', sqsHarness],
  ['local', localHarness],
])('the %s webhook queue', (_name, makeHarness) => {
  let harness: Harness;
  beforeEach(() => {
    harness = makeHarness();
  });
  afterEach(() => harness.close());

  const task = (dueInSeconds: number, attempt = 2): DeliveryTask => ({
    webhook_id: '5b7c9d1e-2f3a-4b5c-8d6e-7f8a9b0c1d2e',
    account_id: '7194baae-2c1d-4e3f-8a9b-0c1d2e3f4a5b',
    event_id: '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d',
    event_created_at: start.toISOString(),
    attempt,
    due_at: at(dueInSeconds).toISOString(),
  });

  it('hands over an attempt due in 5 s at its time, not before, once and intact', async () => {
    await harness.queue.send(task(5));
    expect(await harness.deliveredAfter(4)).toEqual([]);
    expect(await harness.deliveredAfter(5)).toEqual([task(5)]);
    expect(await harness.deliveredAfter(3600)).toEqual([task(5)]);
  });

  it('hands over an attempt due now at once', async () => {
    await harness.queue.send(task(0, 1));
    expect(await harness.deliveredAfter(0)).toEqual([task(0, 1)]);
  });

  it('holds an attempt due in 10 h (beyond the 15 minutes SQS can hold a message) until then', async () => {
    const later = task(36_000, 7);
    await harness.queue.send(later);
    expect(await harness.deliveredAfter(900)).toEqual([]);
    expect(await harness.deliveredAfter(35_999)).toEqual([]);
    expect(await harness.deliveredAfter(36_001)).toEqual([later]);
    expect(harness.hops()).toBe(0);
  });
});
