import type { Context } from 'aws-lambda';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { localClient } from '../../local/dynamodb-local';
import { itemSize } from '../../bench/item-size';
import { startTestService, type TestService } from '../support/test-service';
import { RecordingScheduler } from '../support/recording-scheduler';
import { ScriptedPublisher } from '../support/fake-publishers';
import { webhooksSettled } from '../support/scheduler-settled';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * The lean outbox (issue 37, item 5; docs/decisions/0173-a-lean-webhook-outbox.md), measured as
 * DynamoDB bills it: DynamoDB Local's ConsumedCapacity (ReturnConsumedCapacity TOTAL on every call
 * of the store's client) over one publish and whatever the webhook path does after it. An account
 * without endpoints gets no event item and no dispatch; an account with one gets its event, under
 * 1 KB, and the dispatcher's writes without a transaction.
 */
const context = { awsRequestId: 'test' } as Context;
const tally = { writeUnits: 0, readUnits: 0, calls: [] as string[] };

let service: TestService;
let publish: (postId: string) => Promise<void>;
let receiver: WebhookReceiver;

beforeAll(async () => {
  service = await startTestService({}, { scheduler: new RecordingScheduler() });
  receiver = await startWebhookReceiver();
  const { db } = await import('#shared/store/client');
  db.middlewareStack.add(
    (next, middlewareContext) => async (args) => {
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      type Capacity = { CapacityUnits?: number; WriteCapacityUnits?: number; ReadCapacityUnits?: number };
      const consumed = (result.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
      tally.calls.push(middlewareContext.commandName ?? 'unknown');
      // DynamoDB Local answers CapacityUnits only: a write command's are write units, a read's read units.
      const name = middlewareContext.commandName ?? '';
      const writes = /^(Put|Update|Delete|TransactWrite|BatchWrite)/.test(name);
      for (const one of [consumed ?? []].flat()) {
        if (writes) tally.writeUnits += one.WriteCapacityUnits ?? one.CapacityUnits ?? 0;
        else tally.readUnits += one.ReadCapacityUnits ?? one.CapacityUnits ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'countConsumedCapacity' },
  );
  const { usePlatformPublisher } = await import('#shared/platforms/registry');
  usePlatformPublisher('bluesky', new ScriptedPublisher('bluesky'));
  const { handler } = await import('../../functions/publish-post/handler');
  publish = async (postId) => void (await handler({ post_id: postId }, context));
});
afterAll(async () => {
  await service?.stop();
  await receiver?.stop();
});

/** A Bluesky post of 280 characters, published; what its publish and the webhook path after it consumed. */
async function measuredPublish(account: { accountId: string; apiKey: string }) {
  const created = await service.call('POST', '/posts', { key: account.apiKey, body: { content: 'x'.repeat(280), platforms: ['bluesky'] } });
  expect(created.status).toBe(201);
  const postId = created.json.post.id as string;
  Object.assign(tally, { writeUnits: 0, readUnits: 0, calls: [] });
  await publish(postId);
  await webhooksSettled();
  const figures = { writeUnits: tally.writeUnits, readUnits: tally.readUnits, calls: [...tally.calls] };
  expect((await service.call('GET', `/posts/${postId}`, { key: account.apiKey })).json.post.status).toBe('published');
  return figures;
}

async function eventItemOf(type: string) {
  const { scanAll } = await import('#shared/store/scan-all');
  const items = await scanAll({
    FilterExpression: '#type = :type',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':type': type },
  });
  return items;
}

it('an account without webhooks: no event item, no dispatch; the publish writes fewer units', async () => {
  const account = await service.createAccount({ plan: 'pro' });
  await service.connectProfile(account.accountId, 'bluesky');
  const before = (await eventItemOf('webhook_event')).length;
  const figures = await measuredPublish(account);
  process.stdout.write(`outbox: publish of a 280-character Bluesky post, account without webhooks: ${JSON.stringify(figures)}\n`);
  expect((await eventItemOf('webhook_event')).length).toBe(before);
  // Measured before the lean outbox: 21 (the event put in the final transaction, 2 x 2, and its mark, a one-item transaction, 2 x 2); then 13.
  // The inbox (issue 40) adds 3 on a Bluesky post: the profile's activity note (its item and its index entry, which moves)
  // and the index from the post's URI to the post, which collection resolves replies with: 16.
  expect(figures.writeUnits).toBeLessThanOrEqual(16);
});

it('an account with a subscribed endpoint: the event is recorded under 1 KB and dispatched without a transaction', async () => {
  const account = await service.createAccount({ plan: 'pro' });
  await service.connectProfile(account.accountId, 'bluesky');
  const created = await service.call('POST', '/webhooks', { key: account.apiKey, body: { url: receiver.url, events: ['post.published'] } });
  expect(created.status).toBe(201);
  const before = new Set((await eventItemOf('webhook_event')).map((item) => item.pk));
  const figures = await measuredPublish(account);
  process.stdout.write(`outbox: the same publish, account with one endpoint: ${JSON.stringify(figures)}\n`);
  const [event] = (await eventItemOf('webhook_event')).filter((item) => !before.has(item.pk));
  expect(event).toBeDefined();
  const client = localClient(service.endpoint);
  try {
    const { Item } = await client.send(
      new GetItemCommand({ TableName: service.tableName, Key: { pk: { S: event.pk as string }, sk: { S: event.sk as string } } }),
    );
    process.stdout.write(`outbox: event item ${itemSize(Item!)} bytes\n`);
    expect(itemSize(Item!)).toBeLessThan(1024);
  } finally {
    client.destroy();
  }
  expect(event.dispatched_at).toEqual(expect.any(String));
});
