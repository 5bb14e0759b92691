import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { localClient } from '../../local/dynamodb-local';
import { RETRY_DELAYS_MS, RETRY_JITTER } from '#shared/domain/webhook-retry';
import { startDeployedService, type DeployedService } from '../aws-emulation/deployed-service';
import { FIRING_DELAY_IN_MINUTE_MS } from '../aws-emulation/local-aws/scheduler';
import { Walkthrough } from '../aws-emulation/walkthrough';

/**
 * Webhook retries over the deployed bundles with Lambda's recursive-loop detection on
 * (lambda/recursion-detection.ts): an endpoint that fails for more than a day gets every attempt
 * of the ladder of docs/api.md, "Webhooks" (8 over about 27.5 hours), none stopped as a loop and
 * none dead-lettered. The waits beyond the queue's 15 minutes are one-time schedules
 * (docs/decisions/0171-webhook-retries-wait-in-scheduler.md); the design before them (the
 * deliverer sending each message back to its own queue every 15 minutes) lost attempts 6 to 8
 * here, its chain stopped at the 17th invocation. Time moves on the world clock only.
 */
let service: DeployedService;
let walk: Walkthrough;

beforeAll(async () => {
  service = await startDeployedService();
  walk = new Walkthrough(service);
  await walk.createAccount();
}, 240_000);
afterAll(async () => {
  await service?.stop();
}, 60_000);

/** A public address on a port nothing answers HTTPS on: every attempt fails (refused, unreachable, or TLS), offline or not. */
const FAILING_ENDPOINT = 'https://8.8.8.8:9/hooks';

interface Delivery {
  event_id: string;
  attempt: number;
  status: string;
  attempted_at: string | null;
  next_attempt_at: string | null;
}

/**
 * The table's stream, which the emulation does not run (template.ts, eventSources): the event
 * item's new image handed to the dispatcher as the stream's event source mapping would.
 */
async function streamEventToDispatcher(eventId: string): Promise<void> {
  const client = localClient(process.env.DYNAMODB_ENDPOINT!);
  try {
    const { Item } = await client.send(
      new GetItemCommand({
        TableName: service.operatorEnvironment.TABLE_NAME,
        Key: { pk: { S: `WEBHOOKEVENT#${eventId}` }, sk: { S: 'WEBHOOKEVENT' } },
        ConsistentRead: true,
      }),
    );
    if (!Item) throw new Error(`no event item ${eventId}`);
    const outcome = await service.lambda.invoke(
      service.lambda.byOperation('dispatch-webhook-events'),
      {
        Records: [
          { eventID: '1', eventName: 'INSERT', eventSource: 'aws:dynamodb', dynamodb: { NewImage: streamJson(Item), SequenceNumber: '1' } },
        ],
      },
      'dynamodb',
    );
    if (!outcome.ok) throw new Error(`the dispatcher failed: ${JSON.stringify(outcome.error)}`);
  } finally {
    client.destroy();
  }
}

/** An image as a stream record's JSON writes it: binary attribute values (B) as base64 text. */
const streamJson = (image: Record<string, unknown>): unknown =>
  JSON.parse(
    JSON.stringify(image, (_key, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value)),
  );

/** The webhook queue's and its dead-letter queue's ARNs, by the deliverer's event source. */
function webhookQueues(): { queue: string; deadLetters: string } {
  const source = service.eventSources.find((candidate) => candidate.operation === 'deliver-webhook');
  if (!source) throw new Error('no event source for the deliverer');
  const redrive = Object.values(service.template.Resources).find(
    (resource) => resource.Type === 'AWS::SQS::Queue' && service.physical.getAtt(logicalIdOf(resource), 'Arn') === source.queueArn,
  );
  const deadLetters = service.physical.resolveString(redrive!.Properties!.RedrivePolicy.deadLetterTargetArn);
  return { queue: source.queueArn, deadLetters };
}
const logicalIdOf = (resource: unknown): string =>
  Object.entries(service.template.Resources).find(([, candidate]) => candidate === resource)![0];

/** When the next thing of the webhook path happens: a queued message becomes visible, or a retry schedule fires. */
function nextWakeUp(queueArn: string): number | undefined {
  const times = [
    ...service.queues.messages(queueArn).map((message) => message.visibleAt),
    ...service.scheduler
      .list()
      .filter((schedule) => schedule.group.endsWith('-webhooks'))
      .map((schedule) => schedule.firesAt),
  ];
  return times.length ? Math.min(...times) : undefined;
}

it('an endpoint failing for over a day gets all 8 attempts of the ladder, the waits past 15 minutes in schedules; nothing is stopped as a loop', async () => {
  const created = await walk.call('POST', '/webhooks', { key: walk.apiKey, body: { url: FAILING_ENDPOINT } });
  expect(created.status).toBe(201);
  const webhookId = created.json.webhook.id as string;
  const test = await walk.call('POST', `/webhooks/${webhookId}/test`, { key: walk.apiKey });
  expect(test.status).toBe(202);
  const eventId = test.json.event_id as string;
  const startedAt = service.clock.now();
  await streamEventToDispatcher(eventId);
  await service.settle();

  const { queue, deadLetters } = webhookQueues();
  // Move the world's clock to each next wake-up until nothing is left (bounded: the old design needed ~70 moves).
  for (let moves = 0; moves < 200; moves += 1) {
    const next = nextWakeUp(queue);
    if (next === undefined) break;
    await service.advance(Math.max(0, next - service.clock.now()));
  }
  expect(nextWakeUp(queue)).toBeUndefined();

  const source = service.eventSources.find((candidate) => candidate.operation === 'deliver-webhook')!;
  expect(source.recursionStopped).toEqual([]);
  expect(service.queues.messages(deadLetters)).toEqual([]);
  expect(service.lostSchedules).toEqual([]);
  expect(source.errors).toEqual([]);

  const listed = await walk.call('GET', `/webhooks/${webhookId}/deliveries`, { key: walk.apiKey });
  expect(listed.status).toBe(200);
  const attempts = (listed.json.deliveries as Delivery[])
    .filter((delivery) => delivery.event_id === eventId)
    .sort((a, b) => a.attempt - b.attempt);
  expect(attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual(
    [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => [attempt, 'failed']),
  );
  expect(attempts.at(-1)!.next_attempt_at).toBeNull();
  // Each attempt on the ladder's time: its delay ±10 %, plus at most a second of queue latency or Scheduler's firing within its minute.
  const at = attempts.map((attempt) => Date.parse(attempt.attempted_at!));
  RETRY_DELAYS_MS.forEach((delay, index) => {
    const gap = at[index + 1] - at[index];
    expect(gap).toBeGreaterThanOrEqual(delay * (1 - RETRY_JITTER) - 1_000);
    expect(gap).toBeLessThanOrEqual(delay * (1 + RETRY_JITTER) + FIRING_DELAY_IN_MINUTE_MS + 2_000);
  });
  expect(at[7] - startedAt).toBeGreaterThan(24 * 3_600_000);
}, 600_000);
