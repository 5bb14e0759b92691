import type { Context, SQSBatchResponse } from 'aws-lambda';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { sqsEvent } from '../../local/publisher-invoker';
import { ScriptedPublisher } from '../support/fake-publishers';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';
import { installStoreFaults, STORE_FAULT_KINDS, withoutSdkBackoff, type StoreFaultKind, type StoreFaults } from '../faults/store-faults';

/**
 * Issue 18: every injected store fault on every store call of the three write paths (POST /posts,
 * DELETE /posts/{id}, the publisher). Each call of the path fails on every attempt with one kind
 * (so the SDK's bounded retries give up), then the faults stop and the request is repeated:
 * - the response is the one docs/api.md, "Publishing guarantees" gives (503 SERVICE_UNAVAILABLE with retry-after; the publisher
 *   reports the message as failed, for the queue to deliver it again);
 * - the store holds all or nothing of the request: the account's items equal those before it or
 *   those after it succeeded (a lost answer after the write, `timeout-after-write`, is the "all");
 * - repeating it (same idempotency-key; the queue's redelivery) finishes it exactly once.
 */
const MINUTE = 60_000;
const context = { awsRequestId: 'faults' } as Context;

describe('store faults on the write paths: the response of docs/api.md (Publishing guarantees), all or nothing, safe to repeat', () => {
  let service: TestService;
  let faults: StoreFaults;
  let linkedin: ScriptedPublisher;
  let bluesky: ScriptedPublisher;
  let scheduler: RecordingScheduler;
  let restoreBackoff: (() => void) | undefined;

  beforeAll(async () => {
    scheduler = new RecordingScheduler();
    service = await startTestService({ PUBLISH_RETRY_BASE_MS: '1' }, { scheduler });
    const { db } = await import('#shared/store/client');
    faults = installStoreFaults(db, { rates: {}, kinds: [] });
    // Every attempt fails on purpose: the SDK's backoff between them is only time (seconds per case for throttling).
    restoreBackoff = await withoutSdkBackoff(db);
    const { usePlatformPublisher } = await import('#shared/platforms/registry');
    linkedin = new ScriptedPublisher('linkedin');
    bluesky = new ScriptedPublisher('bluesky');
    usePlatformPublisher('linkedin', linkedin);
    usePlatformPublisher('bluesky', bluesky);
  });
  afterEach(() => faults.setPlan({ rates: {}, kinds: [] }));
  afterAll(async () => {
    faults?.uninstall();
    restoreBackoff?.();
    await service?.stop();
  });

  const totalInjected = () => Object.values(faults.counts().injected).reduce((sum, n) => sum + (n ?? 0), 0);
  let injectedBefore = 0;
  /** Every call of `operation` fails with `kind` while the plan holds. */
  const failEvery = (operation: string, kind: StoreFaultKind) => {
    injectedBefore = totalInjected();
    faults.setPlan({ rates: { [operation]: 1 }, kinds: [kind] });
  };
  const stopFaults = () => faults.setPlan({ rates: {}, kinds: [] });
  /** Faults injected since the last failEvery. */
  const injected = () => totalInjected() - injectedBefore;

  /** The account's items (posts, counters, slots, idempotency records), without the key items the rate limit counts on. */
  async function accountItems(accountId: string): Promise<string[]> {
    const { db, tableName } = await import('#shared/store/client');
    const { Items = [] } = await db.send(new ScanCommand({ TableName: tableName, ConsistentRead: true }));
    return Items.filter((item) => JSON.stringify(item).includes(accountId) && !String(item.type).startsWith('api_key'))
      .map((item) => JSON.stringify(item, Object.keys(item).sort()))
      .sort();
  }

  /** An audit entry (docs/api.md, "Audit trail"): written with its change, and kept after the post is gone. */
  const isAuditEntry = (item: string): boolean => item.includes('"type":"audit"');

  async function newAccount() {
    const account = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(account.accountId, 'linkedin');
    await service.connectProfile(account.accountId, 'bluesky');
    return account;
  }

  /** The calls each path makes (auth, reads, the transaction, the idempotency record). */
  const CREATE_CALLS = ['UpdateItem', 'PutItem', 'BatchGetItem', 'Query', 'TransactWriteItems'];
  const createCases = CREATE_CALLS.flatMap((operation) => STORE_FAULT_KINDS.map((kind) => [operation, kind] as const));

  it.each(createCases)('POST /posts with every %s failing with %s', async (operation, kind) => {
    const { accountId, apiKey } = await newAccount();
    const body = {
      content: `Faults ${operation} ${kind}`,
      platforms: ['linkedin', 'bluesky'],
      scheduled_for: new Date(Date.now() + 90 * MINUTE).toISOString(),
    };
    const headers = { 'idempotency-key': `create-${operation}-${kind}` };
    const before = await accountItems(accountId);

    failEvery(operation, kind);
    const refused = await service.call('POST', '/posts', { key: apiKey, body, headers });
    stopFaults();
    const during = await accountItems(accountId);

    if (refused.status !== 503) {
      // The fault did not apply (a conflict or a lost answer on a read), or the retries absorbed it
      // (a lost answer's retry met the request's own write and knew it): the creation's own answer.
      expect(refused.status).toBe(201);
      expect((await service.call('POST', '/posts', { key: apiKey, body, headers })).json.post.id).toBe(refused.json.post.id);
      return;
    }
    expect(injected()).toBeGreaterThan(0);
    expect({ retryAfter: refused.headers.get('retry-after'), body: refused.json }).toEqual({
      retryAfter: '1',
      body: { error: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/retry/) },
    });
    expect(refused.text).not.toMatch(/injected|at .*\.[jt]s:\d+/);

    const created = await service.call('POST', '/posts', { key: apiKey, body, headers });
    expect(created.status).toBe(201);
    const after = await accountItems(accountId);
    // All or nothing: what the refused request left is the state before it, or the whole creation.
    expect([before, after]).toContainEqual(during);
    const replayed = await service.call('POST', '/posts', { key: apiKey, body, headers });
    expect(replayed.json.post.id).toBe(created.json.post.id);
    const { posts } = (await service.call('GET', '/posts', { key: apiKey })).json;
    expect(posts.map((post: { id: string }) => post.id)).toEqual([created.json.post.id]);
    expect((await service.call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(1);
  });

  it('POST /posts whose transaction and the release of its idempotency claim both fail: 503, then IDEMPOTENCY_KEY_IN_PROGRESS until the lock ends, then created once', async () => {
    const { accountId, apiKey } = await newAccount();
    const body = { content: 'Release lost', platforms: ['bluesky'], scheduled_for: new Date(Date.now() + 90 * MINUTE).toISOString() };
    const headers = { 'idempotency-key': 'release-lost' };
    injectedBefore = totalInjected();
    faults.setPlan({ rates: { TransactWriteItems: 1, DeleteItem: 1 }, kinds: ['InternalServerError'] });
    const refused = await service.call('POST', '/posts', { key: apiKey, body, headers });
    stopFaults();
    expect([refused.status, refused.json.error, refused.headers.get('retry-after')]).toEqual([503, 'SERVICE_UNAVAILABLE', '1']);
    expect(faults.counts().byOperation.DeleteItem).toBeGreaterThan(0);
    // Nothing of the post; only the claim's lock, which ends by itself (and what the account was set up with:
    // itself, its profile, the count of its keys).
    const setUp = ['"type":"idempotency_record"', '"type":"profile"', '"type":"account"', '"type":"key_count"'];
    expect((await accountItems(accountId)).filter((item) => !setUp.some((type) => item.includes(type)))).toEqual([]);
    const locked = await service.call('POST', '/posts', { key: apiKey, body, headers });
    expect([locked.status, locked.json.error]).toEqual([409, 'IDEMPOTENCY_KEY_IN_PROGRESS']);
    const { useClock, offsetClock } = await import('#shared/ports/clock');
    useClock(offsetClock(61_000));
    try {
      const created = await service.call('POST', '/posts', { key: apiKey, body: { ...body }, headers });
      expect(created.status).toBe(201);
      expect((await service.call('POST', '/posts', { key: apiKey, body, headers })).json.post.id).toBe(created.json.post.id);
    } finally {
      useClock();
    }
    expect((await service.call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(1);
  });

  it('a creation that committed but lost every answer: read back and handed over (201); with the read-back failing too, 503 and the replay hands it over', async () => {
    const { apiKey } = await newAccount();
    const at = new Date(Date.now() + 90 * MINUTE);
    const body = (content: string) => ({ content, platforms: ['bluesky'], scheduled_for: at.toISOString() });

    injectedBefore = totalInjected();
    faults.setPlan({ rates: { TransactWriteItems: 1 }, kinds: ['timeout-after-write'] });
    const readBack = await service.call('POST', '/posts', {
      key: apiKey,
      body: body('read back'),
      headers: { 'idempotency-key': 'read-back' },
    });
    stopFaults();
    expect(injected()).toBeGreaterThan(0);
    expect(readBack.status).toBe(201);
    expect(scheduler.scheduled.get(readBack.json.post.id)?.toISOString()).toBe(at.toISOString());

    faults.setPlan({
      rates: { TransactWriteItems: 1, GetItem: 1 },
      kinds: [],
      kindsByOperation: { TransactWriteItems: ['timeout-after-write'], GetItem: ['InternalServerError'] },
      // The read-back of the post fails, not the idempotency layer's look at a record written before the
      // namespaces (docs/decisions/0161-idempotency-namespaces.md), which comes before the creation.
      match: (operation, input) => operation !== 'GetItem' || !JSON.stringify(input.Key).includes('IDEMPOTENCY#'),
    });
    const lost = await service.call('POST', '/posts', {
      key: apiKey,
      body: body('lost answer'),
      headers: { 'idempotency-key': 'lost-answer' },
    });
    stopFaults();
    expect([lost.status, lost.json.error]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    const [orphan] = (await service.call('GET', '/posts', { key: apiKey })).json.posts.filter(
      (post: { content: string }) => post.content === 'lost answer',
    );
    expect(orphan.status).toBe('scheduled'); // committed, not handed over yet
    expect(scheduler.scheduled.has(orphan.id)).toBe(false);
    const replayed = await service.call('POST', '/posts', {
      key: apiKey,
      body: body('lost answer'),
      headers: { 'idempotency-key': 'lost-answer' },
    });
    expect([replayed.status, replayed.json.post.id]).toEqual([201, orphan.id]);
    expect(scheduler.scheduled.get(orphan.id)?.toISOString()).toBe(at.toISOString());
  });

  const DELETE_CALLS = ['UpdateItem', 'GetItem', 'TransactWriteItems'];
  const deleteCases = DELETE_CALLS.flatMap((operation) => STORE_FAULT_KINDS.map((kind) => [operation, kind] as const));

  it.each(deleteCases)('DELETE /posts/{id} with every %s failing with %s', async (operation, kind) => {
    const { accountId, apiKey } = await newAccount();
    const body = {
      content: `Delete ${operation} ${kind}`,
      platforms: ['linkedin'],
      scheduled_for: new Date(Date.now() + 90 * MINUTE).toISOString(),
    };
    const postId = (await service.call('POST', '/posts', { key: apiKey, body })).json.post.id as string;
    const before = await accountItems(accountId);

    failEvery(operation, kind);
    const refused = await service.call('DELETE', `/posts/${postId}`, { key: apiKey });
    stopFaults();
    const during = await accountItems(accountId);
    if (refused.status !== 503) {
      expect(refused.status).toBe(204); // not applicable, or absorbed by the retries
      expect((await accountItems(accountId)).filter((item) => item.includes(postId) && !isAuditEntry(item))).toEqual([]);
      return;
    }
    expect(injected()).toBeGreaterThan(0);
    expect({ retryAfter: refused.headers.get('retry-after'), error: refused.json?.error }).toEqual({
      retryAfter: '1',
      error: 'SERVICE_UNAVAILABLE',
    });

    const repeated = await service.call('DELETE', `/posts/${postId}`, { key: apiKey });
    const after = await accountItems(accountId);
    // Repeated: it deletes now, or finds the post already gone (the refused one deleted it and lost the answer).
    expect(repeated.status === 204 || (repeated.status === 404 && repeated.json.error === 'POST_NOT_FOUND')).toBe(true);
    expect(repeated.status === 404).toBe(during.length !== before.length);
    expect([before, after]).toContainEqual(during);
    // Nothing of the post is left: its item and its LinkedIn slot (its audit entries stay: the trail outlives the post).
    expect(after.filter((item) => item.includes(postId) && !isAuditEntry(item))).toEqual([]);
    // The slot is free again: another post fits at that very time.
    const again = await service.call('POST', '/posts', { key: apiKey, body });
    expect(again.status).toBe(201);
  });

  // Query: the account's endpoints, read before the final write (is the finishing event wanted?).
  const PUBLISHER_CALLS = ['GetItem', 'UpdateItem', 'Query', 'TransactWriteItems'];
  const publisherCases = PUBLISHER_CALLS.flatMap((operation) => STORE_FAULT_KINDS.map((kind) => [operation, kind] as const));

  it.each(publisherCases)('the publisher with every %s failing with %s', async (operation, kind) => {
    const { accountId, apiKey } = await newAccount();
    // An endpoint subscribed to the post's events: only then is the finishing event written (docs/decisions/0173-a-lean-webhook-outbox.md).
    const subscribed = await service.call('POST', '/webhooks', { key: apiKey, body: { url: 'http://127.0.0.1:9/hooks' } });
    expect(subscribed.status).toBe(201);
    const body = { content: `Publish ${operation} ${kind}`, platforms: ['linkedin', 'bluesky'] };
    const postId = (await service.call('POST', '/posts', { key: apiKey, body })).json.post.id as string;
    const { handler } = await import('../../functions/publish-post/handler');
    const deliver = async () => (await handler(sqsEvent('message-1', { post_id: postId }), context)) as SQSBatchResponse;

    failEvery(operation, kind);
    const first = await deliver();
    stopFaults();
    // A run that met the fault reports its message for redelivery, or finished the post anyway (a
    // lost answer's retry met its own write): never a silent loss.
    const afterFirst = (await service.call('GET', `/posts/${postId}`, { key: apiKey })).json.post.status;
    if (first.batchItemFailures.length === 0) expect(['published', 'partially_published']).toContain(afterFirst);
    else expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'message-1' }]);
    if (injected() === 0) expect(first.batchItemFailures).toEqual([]);
    // Redelivered (the queue does it after its visibility timeout, longer than a claim's lease).
    const { useClock, offsetClock } = await import('#shared/ports/clock');
    for (let delivery = 0; delivery < 3; delivery += 1) {
      const post = (await service.call('GET', `/posts/${postId}`, { key: apiKey })).json.post;
      if (post.status !== 'scheduled' && post.status !== 'publishing') break;
      useClock(offsetClock(delivery === 0 ? 0 : 6 * MINUTE));
      try {
        await deliver();
      } finally {
        useClock();
      }
    }
    const post = (await service.call('GET', `/posts/${postId}`, { key: apiKey })).json.post;
    // Never twice on a platform; published unless the fault hid whether LinkedIn got it.
    expect(linkedin.callsFor(postId)).toBeLessThanOrEqual(1);
    expect(bluesky.callsFor(postId)).toBeGreaterThanOrEqual(1);
    expect(post.results.bluesky.status).toBe('published');
    if (linkedin.callsFor(postId) === 1 && post.results.linkedin.status === 'failed') {
      expect(post.results.linkedin.error.code).toBe('PLATFORM_OUTCOME_UNKNOWN');
    } else {
      expect(post.results.linkedin.status).toBe('published');
    }
    expect(['published', 'partially_published']).toContain(post.status);
    // Exactly one finishing event was written for the post (the outbox write is part of the final transaction).
    const { scanAll } = await import('#shared/store/scan-all');
    const { getWebhookEvent } = await import('#shared/store/webhook-events');
    const eventItems = await scanAll({
      FilterExpression: '#type = :type AND account_id = :account',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'webhook_event', ':account': accountId },
    });
    // The body is stored deflated: read each event back to find the post in it.
    const events = await Promise.all(eventItems.map((item) => getWebhookEvent(item.id as string)));
    expect(events.filter((event) => event?.body.includes(postId))).toHaveLength(1);
  });
});
