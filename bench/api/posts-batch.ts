/**
 * `npx tsx bench/api/posts-batch.ts`: one POST /posts/batch of 100 posts against 100 single
 * POST /posts (one client, one after the other; and 10 at a time), on the local stack with an
 * in-memory DynamoDB Local, nothing published (the scheduler only records). For each: wall time,
 * DynamoDB requests by operation, and the capacity units DynamoDB reports (ReturnConsumedCapacity
 * TOTAL on every call). Then the store alone: the same 100 post items written one transaction
 * per post (what the batch does) against chunked transactions with one counter update per chunk
 * (the alternative docs/decisions/0043-bulk-creation.md, weighs). One run; figures on stdout.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { cleanUp, installCleanupHandlers } from '../cleanup';
import { startBenchEnvironment } from '../environment';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { itemSize } from '../item-size';
import { textTable } from '../tables';

const POSTS = 100;

interface Tally {
  requests: Record<string, number>;
  /** Items written (a transaction's items each count). */
  items: number;
  /** Write units by DynamoDB's pricing rules, from the items' sizes (modelledWriteUnits). */
  modelled: number;
  /** What DynamoDB Local reports (ReturnConsumedCapacity TOTAL). */
  wcu: number;
  rcu: number;
}

const tally: Tally = { requests: {}, items: 0, modelled: 0, wcu: 0, rcu: 0 };
const reset = () => Object.assign(tally, { requests: {}, items: 0, modelled: 0, wcu: 0, rcu: 0 });

type Item = Record<string, unknown>;
const KB = 1024;
/** An item's size in whole kilobytes, as DynamoDB bills a write (at least 1). */
const kilobytes = (item: Item | undefined): number => {
  if (!item) return 1;
  const marshalled = Object.values(item).every(
    (value) =>
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.keys(value).length === 1 &&
      /^(S|N|B|BOOL|NULL|M|L|SS|NS|BS)$/.test(Object.keys(value)[0]),
  )
    ? (item as Record<string, AttributeValue>)
    : marshall(item, { removeUndefinedValues: true });
  return Math.max(1, Math.ceil(itemSize(marshalled) / KB));
};

/**
 * Write units as DynamoDB bills them: 1 per KB per item written, twice that inside a transaction.
 * Updates and deletes are counted as 1 KB (the items they touch here are counters, slots and
 * records of well under 1 KB); DynamoDB Local's own figure for transactions is not per item.
 */
function modelledWriteUnits(command: string, input: Item): { items: number; units: number } {
  if (command === 'TransactWriteItemsCommand') {
    const items = (input.TransactItems as Array<{ Put?: { Item: Item } }>) ?? [];
    return { items: items.length, units: items.reduce((sum, one) => sum + 2 * kilobytes(one.Put?.Item), 0) };
  }
  if (command === 'PutItemCommand') return { items: 1, units: kilobytes(input.Item as Item) };
  return { items: 1, units: 1 };
}

interface Capacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand']);

async function countStoreCalls(): Promise<void> {
  const { db } = await import('#shared/store/client');
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? 'unknown';
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      tally.requests[name] = (tally.requests[name] ?? 0) + 1;
      if (WRITES.has(name)) {
        const { items, units } = modelledWriteUnits(name, args.input as Item);
        tally.items += items;
        tally.modelled += units;
      }
      const consumed = (result.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
      for (const one of [consumed ?? []].flat()) {
        const units = one.CapacityUnits ?? 0;
        if (WRITES.has(name)) tally.wcu += one.WriteCapacityUnits ?? units;
        else tally.rcu += one.ReadCapacityUnits ?? units;
      }
      return result;
    },
    { step: 'initialize', name: 'benchCapacityTally' },
  );
}

const body = (index: number) => ({
  content: `Bench post ${index}: a line of text of ordinary length for a social post, with a link https://example.com/${index}`,
  platforms: ['bluesky'],
  ...(index % 2 === 0 ? { scheduled_for: new Date(Date.now() + (2 + index) * 3_600_000).toISOString() } : {}),
});

interface Row {
  name: string;
  ms: number;
  created: number;
  requests: Record<string, number>;
  items: number;
  modelled: number;
  wcu: number;
  rcu: number;
}

async function measure(name: string, run: () => Promise<number>): Promise<Row> {
  reset();
  const started = performance.now();
  const created = await run();
  const ms = performance.now() - started;
  return {
    name,
    ms,
    created,
    requests: { ...tally.requests },
    items: tally.items,
    modelled: tally.modelled,
    wcu: tally.wcu,
    rcu: tally.rcu,
  };
}

async function main(): Promise<void> {
  installCleanupHandlers();
  const env = await startBenchEnvironment();
  await countStoreCalls();
  // Service modules read their settings when loaded: only after the environment set them.
  const { createBenchAccount } = await import('../fixtures');
  const post = async (apiKey: string, path: string, payload: unknown) => {
    const response = await fetch(`${env.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const account = () => createBenchAccount({ name: `batch-${randomUUID()}`, plan: 'pro', platforms: ['bluesky'] });

  // One warm-up of each path (module loads, the JIT), on an account of its own.
  const warm = await account();
  await post(warm.apiKey, '/posts', body(0));
  await post(warm.apiKey, '/posts/batch', { posts: [body(1), body(2)] });

  const rows: Row[] = [];
  const sequential = await account();
  rows.push(
    await measure('100 × POST /posts, one after the other', async () => {
      let created = 0;
      for (let index = 0; index < POSTS; index++) if ((await post(sequential.apiKey, '/posts', body(index))).status === 201) created++;
      return created;
    }),
  );
  const parallel = await account();
  rows.push(
    await measure('100 × POST /posts, 10 at a time', async () => {
      let created = 0;
      for (let start = 0; start < POSTS; start += 10) {
        const answers = await Promise.all(Array.from({ length: 10 }, (_, offset) => post(parallel.apiKey, '/posts', body(start + offset))));
        created += answers.filter((answer) => answer.status === 201).length;
      }
      return created;
    }),
  );
  const batched = await account();
  rows.push(
    await measure('1 × POST /posts/batch of 100', async () => {
      const answer = await post(batched.apiKey, '/posts/batch', { posts: Array.from({ length: POSTS }, (_, index) => body(index)) });
      return (answer.json.results as Array<{ status: number }>).filter((result) => result.status === 201).length;
    }),
  );

  // The store alone: the same post items, one transaction each (post + counter) or chunked (posts + one counter update).
  const { writeTransaction, putNewPostItem } = await import('#shared/store/posts');
  const { incrementUsageItem, usageCounterKey } = await import('#shared/store/usage-counters');
  const { tableName } = await import('#shared/store/client');
  const postsOf = (accountId: string) =>
    Array.from({ length: POSTS }, (_, index) => ({
      id: randomUUID(),
      account_id: accountId,
      content: body(index).content,
      platforms: ['bluesky' as const],
      status: 'publishing' as const,
      scheduled_for: null,
      created_at: new Date().toISOString(),
      published_at: null,
      results: { bluesky: { status: 'pending' as const, url: null, platform_post_id: null, published_at: null, error: null } },
      post_time: new Date().toISOString(),
    }));
  const month = new Date().toISOString().slice(0, 7);
  const perItem = await account();
  rows.push(
    await measure('store only: 100 transactions (post + counter +1)', async () => {
      for (const one of postsOf(perItem.accountId))
        await writeTransaction([putNewPostItem(one), incrementUsageItem(perItem.accountId, month, 3000)]);
      return POSTS;
    }),
  );
  const chunked = await account();
  rows.push(
    await measure('store only: 2 transactions (50 posts + counter +50)', async () => {
      const all = postsOf(chunked.accountId);
      for (let start = 0; start < POSTS; start += 50) {
        const chunk = all.slice(start, start + 50);
        await writeTransaction([
          ...chunk.map(putNewPostItem),
          {
            Update: {
              TableName: tableName,
              Key: usageCounterKey(chunked.accountId, month),
              UpdateExpression: 'ADD used :n SET #type = :type',
              ConditionExpression: 'attribute_not_exists(used) OR used <= :most',
              ExpressionAttributeNames: { '#type': 'type' },
              ExpressionAttributeValues: { ':n': chunk.length, ':most': 3000 - chunk.length, ':type': 'usage_counter' },
            },
          },
        ]);
      }
      return POSTS;
    }),
  );

  const load = loadavg().map((value) => value.toFixed(2));
  process.stdout.write(
    `${textTable(
      ['run', 'created', 'ms', 'per post ms', 'DynamoDB requests', 'items written', 'WCU (priced)', 'WCU (Local says)', 'RCU (Local says)'],
      rows.map((row) => [
        row.name,
        row.created,
        Math.round(row.ms),
        (row.ms / POSTS).toFixed(1),
        Object.entries(row.requests)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, count]) => `${name.replace(/Command$/, '')} ${count}`)
          .join(', '),
        row.items,
        row.modelled,
        Math.round(row.wcu * 10) / 10,
        Math.round(row.rcu * 10) / 10,
      ]),
    )}\nload average (1, 5, 15 min): ${load.join(' ')}\n`,
  );
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`bench failed: ${String((error as Error).stack ?? error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
