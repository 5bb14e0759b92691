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
    expect(results[0].post?.id).not.toBe(plain.json.id);

    // Each still replays its own answer.
    const plainAgain = await service.call('POST', '/posts', { key: apiKey, body: squatter, headers: { 'idempotency-key': 'K#ITEM#0' } });
    expect(plainAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(plainAgain.json.id).toBe(plain.json.id);
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
    expect(again.json.id).toBe(created.json.id);
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
    expect(reordered.json.id).toBe(first.json.id);
  });
});
