import { createHash } from 'node:crypto';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { localClient } from '../../local/dynamodb-local';
import { startTestService, type TestService } from '../support/test-service';

/**
 * Idempotency records live in namespaces no client key value can name (docs/api.md, "Idempotency";
 * docs/decisions/0161-idempotency-namespaces.md): a batch's items, plain requests and each operation
 * have records of their own, through the HTTP API on DynamoDB Local.
 */
describe('idempotency namespaces', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' });
  });
  afterAll(() => service.stop());

  const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString().replace(/\.\d+Z$/, '.000Z');

  it('a plain POST /posts with the key K#ITEM#0 does not pre-claim item 0 of batch K', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const squatter = { content: 'the squatter', platforms: ['bluesky'], scheduled_for: inHours(3) };
    const plain = await service.call('POST', '/posts', { key: apiKey, body: squatter, headers: { 'idempotency-key': 'K#ITEM#0' } });
    expect(plain.status).toBe(201);

    const items = [0, 1].map((index) => ({ content: `item ${index}`, platforms: ['bluesky'], scheduled_for: inHours(4 + index) }));
    const batch = await service.call('POST', '/posts/batch', { key: apiKey, body: { posts: items }, headers: { 'idempotency-key': 'K' } });
    expect(batch.status).toBe(200);
    const results = batch.json.results as { index: number; status: number; post?: { id: string; content: string } }[];
    expect(results.map((result) => [result.index, result.status, result.post?.content])).toEqual([
      [0, 201, 'item 0'],
      [1, 201, 'item 1'],
    ]);
    expect(results[0].post?.id).not.toBe(plain.json.post.id);

    // Each still replays its own answer.
    const plainAgain = await service.call('POST', '/posts', { key: apiKey, body: squatter, headers: { 'idempotency-key': 'K#ITEM#0' } });
    expect(plainAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(plainAgain.json.post.id).toBe(plain.json.post.id);
    const batchAgain = await service.call('POST', '/posts/batch', {
      key: apiKey,
      body: { posts: items },
      headers: { 'idempotency-key': 'K' },
    });
    expect(batchAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(batchAgain.json).toEqual(batch.json);
  });

  it('one key value on two operations makes two records, each replayed on its own', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const post = { content: 'one key, two operations', platforms: ['bluesky'], scheduled_for: inHours(5) };
    const created = await service.call('POST', '/posts', { key: apiKey, body: post, headers: { 'idempotency-key': 'shared' } });
    expect(created.status).toBe(201);
    const batch = await service.call('POST', '/posts/batch', {
      key: apiKey,
      body: { posts: [post] },
      headers: { 'idempotency-key': 'shared' },
    });
    expect(batch.status).toBe(200);
    expect(batch.json.results[0].status).toBe(201);
    const again = await service.call('POST', '/posts', { key: apiKey, body: post, headers: { 'idempotency-key': 'shared' } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.post.id).toBe(created.json.post.id);
  });

  it('the same JSON written in another order or spacing is the same request', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const at = inHours(6);
    const first = await service.call('POST', '/posts', {
      key: apiKey,
      rawBody: JSON.stringify({ content: 'order', platforms: ['bluesky'], scheduled_for: at }),
      headers: { 'idempotency-key': 'order', 'content-type': 'application/json' },
    });
    expect(first.status).toBe(201);
    const reordered = await service.call('POST', '/posts', {
      key: apiKey,
      rawBody: `{ "scheduled_for": "${at}",\n  "platforms": [ "bluesky" ], "content": "order" }`,
      headers: { 'idempotency-key': 'order', 'content-type': 'application/json' },
    });
    expect(reordered.status).toBe(201);
    expect(reordered.headers.get('idempotent-replayed')).toBe('true');
    expect(reordered.json.post.id).toBe(first.json.post.id);
  });
  it('a record written before the namespaces still answers for its 24 hours', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const body = JSON.stringify({ content: 'before the deploy', platforms: ['bluesky'], scheduled_for: inHours(8) });
    const oldHash = createHash('sha256').update('POST /posts\n').update(body).digest('base64url');
    // What the request made before the deploy: its post, and the record (in the old place) that answered it.
    const made = await service.call('POST', '/posts', { key: apiKey, rawBody: body, headers: { 'content-type': 'application/json' } });
    expect(made.status).toBe(201);
    const stored = made.text;
    const client = localClient(service.endpoint);
    await client.send(
      new PutItemCommand({
        TableName: service.tableName,
        Item: {
          pk: { S: `IDEMPOTENCY#${accountId}#old-key` },
          sk: { S: 'IDEMPOTENCY' },
          type: { S: 'idempotency_record' },
          status: { S: 'completed' },
          token: { S: 'old-token' },
          request_hash: { S: oldHash },
          response_status: { N: '201' },
          response_body: { S: stored },
          expires_at_epoch: { N: String(Math.floor(Date.now() / 1000) + 3600) },
        },
      }),
    );
    client.destroy();
    const headers = { 'idempotency-key': 'old-key', 'content-type': 'application/json' };
    const repeat = await service.call('POST', '/posts', { key: apiKey, rawBody: body, headers });
    expect([repeat.status, repeat.headers.get('idempotent-replayed'), repeat.text]).toEqual([201, 'true', stored]);
    const other = await service.call('POST', '/posts', { key: apiKey, rawBody: body.replace('before', 'after'), headers });
    expect([other.status, other.json.error]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const listed = await service.call('GET', '/posts?limit=100', { key: apiKey });
    expect(listed.json.posts.map((post: { id: string }) => post.id)).toEqual([made.json.post.id]);
  });
});
