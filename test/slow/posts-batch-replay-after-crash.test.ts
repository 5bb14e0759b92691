import { DeleteItemCommand } from '@aws-sdk/client-dynamodb';
import { startTestService, type TestService } from '../support/test-service';
import { localClient } from '../../local/dynamodb-local';

/** The batch's own record (not its items'), as the store keys it (imported late: the store reads its settings on import). */
async function batchRecordKey(accountId: string, key: string) {
  const { idempotencyRecordKey } = await import('#shared/store/idempotency-records');
  const { pk, sk } = idempotencyRecordKey(accountId, 'create-posts-batch', key);
  return { pk: { S: pk }, sk: { S: sk } };
}

/**
 * A keyed batch whose run died after creating some items (its own record never answered) is sent
 * again: the items already created are replayed from their own records, never created a second
 * time, and the monthly counter counts each once (docs/api.md, "Bulk creation").
 */
describe('POST /posts/batch repeated after a run that died', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.stop());

  it('replays the items the dead run created and creates only the rest', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const key = 'batch-after-crash';
    const items = [0, 1, 2].map((index) => ({ content: `item ${index}`, platforms: ['bluesky'], draft: index === 2 }));
    const first = await service.call('POST', '/posts/batch', { key: apiKey, body: { posts: items }, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    const ids = first.json.results.map((result: { post: { id: string } }) => result.post.id);
    expect(first.json.results.map((result: { status: number }) => result.status)).toEqual([201, 201, 201]);

    // The dead run: its items were written, the batch's own record never completed. Remove the
    // completed record so the repeat runs the batch again, as it would after the lock ran out.
    const client = localClient(service.endpoint);
    await client.send(
      new DeleteItemCommand({
        TableName: service.tableName,
        Key: await batchRecordKey(accountId, key),
      }),
    );
    client.destroy();

    const repeat = await service.call('POST', '/posts/batch', { key: apiKey, body: { posts: items }, headers: { 'idempotency-key': key } });
    expect(repeat.status).toBe(200);
    expect(
      repeat.json.results.map((result: { index: number; status: number; post: { id: string } }) => [
        result.index,
        result.status,
        result.post.id,
      ]),
    ).toEqual([
      [0, 201, ids[0]],
      [1, 201, ids[1]],
      [2, 201, ids[2]],
    ]);
    const listed = await service.call('GET', '/posts?limit=100', { key: apiKey });
    expect(listed.json.posts.map((post: { id: string }) => post.id).sort()).toEqual([...ids].sort());
    const usage = await service.call('GET', '/usage', { key: apiKey });
    expect(usage.json.usage.used).toBe(2);
  });

  it('tries again, on a repeat, an item the dead run refused', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    const key = 'batch-refused-then-connected';
    const items = [{ content: 'needs bluesky', platforms: ['bluesky'] }];
    const first = await service.call('POST', '/posts/batch', { key: apiKey, body: { posts: items }, headers: { 'idempotency-key': key } });
    expect(first.json.results[0]).toMatchObject({
      index: 0,
      status: 400,
      error: { error: 'PLATFORMS_NOT_CONNECTED', missing_platforms: ['bluesky'] },
    });
    await service.connectProfile(accountId, 'bluesky');
    const client = localClient(service.endpoint);
    await client.send(
      new DeleteItemCommand({
        TableName: service.tableName,
        Key: await batchRecordKey(accountId, key),
      }),
    );
    client.destroy();
    const repeat = await service.call('POST', '/posts/batch', { key: apiKey, body: { posts: items }, headers: { 'idempotency-key': key } });
    expect(repeat.json.results[0]).toMatchObject({ index: 0, status: 201, post: { content: 'needs bluesky' } });
  });
});
