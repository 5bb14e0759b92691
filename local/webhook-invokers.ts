import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { DeliveryTask } from '#shared/ports/webhook-queue';
import { type WebhookEvent } from '#shared/domain/webhook';
import { outsideAnyRequest } from '#shared/store/client';
import { webhookEventItem } from '#shared/store/webhook-events';
import { lambdaContext } from './lambda-context';

/**
 * The webhook functions run in-process as their AWS event sources would run them: the
 * dispatcher with a stream batch of new event items, the deliverer with a one-record SQS batch,
 * the sweep as its schedule's target. A reported failure is thrown, for the runner to retry.
 */
type Handler<E, R> = (event: E, context: Context) => Promise<R>;
const load = async <E, R>(operation: string): Promise<Handler<E, R>> => {
  const { handler } = (await import(`../functions/${operation}/handler`)) as { handler: Handler<E, R> };
  // Each call a new invocation: none of the deadline of the request whose write announced the event.
  return (event, context) => outsideAnyRequest(() => handler(event, context));
};

/** Loads the dispatcher's and the deliverer's modules ahead of the first event. */
export async function loadWebhookFunctions(): Promise<void> {
  await Promise.all([load('dispatch-webhook-events'), load('deliver-webhook')]);
}

export async function invokeDispatcher(events: WebhookEvent[]): Promise<void> {
  const handler = await load<DynamoDBStreamEvent, DynamoDBBatchResponse>('dispatch-webhook-events');
  const records = events.map((event, index) => ({
    eventID: randomUUID(),
    eventName: 'INSERT' as const,
    eventSource: 'aws:dynamodb',
    awsRegion: 'local',
    dynamodb: {
      SequenceNumber: String(index + 1),
      NewImage: marshall(webhookEventItem(event), { removeUndefinedValues: true }) as never,
      StreamViewType: 'NEW_IMAGE' as const,
    },
  }));
  const response = await handler({ Records: records }, lambdaContext(randomUUID(), 'dispatch-webhook-events', 60_000));
  if (response.batchItemFailures.length) throw new Error('the dispatcher reported a failed record');
}

export async function invokeDeliverer(task: DeliveryTask): Promise<void> {
  const handler = await load<SQSEvent, SQSBatchResponse>('deliver-webhook');
  const messageId = randomUUID();
  const now = String(Date.now());
  const event: SQSEvent = {
    Records: [
      {
        messageId,
        receiptHandle: messageId,
        body: JSON.stringify(task),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: now,
          SenderId: 'local',
          ApproximateFirstReceiveTimestamp: now,
          MessageGroupId: task.webhook_id,
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:webhook-queue',
        awsRegion: 'local',
      },
    ],
  };
  const response = await handler(event, lambdaContext(randomUUID(), 'deliver-webhook', 30_000));
  if (response.batchItemFailures.length) throw new Error(`the deliverer reported a failed attempt (event ${task.event_id})`);
}

export async function invokeExpirySweep(): Promise<void> {
  const handler = await load<unknown, unknown>('sweep-expiring-profiles');
  await handler({}, lambdaContext(randomUUID(), 'sweep-expiring-profiles', 60_000));
}

/** The inbox's collection round (functions/collect-inbox), as its rate schedule invokes it. */
export async function invokeInboxCollector(): Promise<void> {
  const handler = await load<unknown, unknown>('collect-inbox');
  await handler({}, lambdaContext(randomUUID(), 'collect-inbox', 29_000));
}

/** The series tick (functions/tick-series), as its recurring schedule invokes it in AWS. */
export async function invokeSeriesTick(): Promise<void> {
  const handler = await load<unknown, unknown>('tick-series');
  await handler({}, lambdaContext(randomUUID(), 'tick-series', 60_000));
}
