import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { accountWithLogin, signIn, uniqueEmail } from './dashboard-client';

/**
 * The audit trail (docs/api.md, "Audit trail"): each change names who made it (an API key by id and
 * name, the dashboard owner), what and which version; GET /audit reads them back newest first over
 * a range of at most 90 days, in pages, for admin keys only.
 */
describe('audit trail', () => {
  let service: TestService;
  let receiver: WebhookReceiver;
  const statuses: number[] = [];
  const call = async (...args: Parameters<TestService['call']>) => {
    const response = await service.call(...args);
    statuses.push(response.status);
    return response;
  };
  const newKey = async (admin: string, name: string, scope: string) => {
    const created = await call('POST', '/keys', { key: admin, body: { name, scope } });
    expect(created.status).toBe(201);
    registerSecret(created.json.api_key);
    return { id: created.json.key.id as string, value: created.json.api_key as string };
  };
  type Entry = {
    action: string;
    actor: { type: string; id: string; name: string | null };
    target: { type: string; id: string };
    version: number | null;
  };

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await service.stop();
    await receiver.stop();
    expect(statuses).not.toContain(500);
  });

  it('reads back an agent drafting, the owner approving, a key deleted and a secret rotated, in order, with their actors', async () => {
    const email = uniqueEmail('audit');
    const { accountId, apiKey: admin } = await accountWithLogin(service, email);
    await service.connectProfile(accountId, 'bluesky');
    const { session } = await signIn(service, email);
    const start = new Date(Date.now() - 1000).toISOString();
    const agent = await newKey(admin, 'writing agent', 'draft');
    const webhook = await call('POST', '/webhooks', { key: admin, body: { url: receiver.url } });
    registerSecret(webhook.json.secret);
    const webhookId = webhook.json.webhook.id as string;

    const draft = await call('POST', '/posts', { key: agent.value, body: { content: 'Draft', platforms: ['bluesky'], draft: true } });
    const postId = draft.json.post.id as string;
    await call('PATCH', `/posts/${postId}`, { key: agent.value, body: { content: 'Draft, edited' } });
    const approved = await session!.call('POST', `/posts/${postId}/schedule`, {
      body: { scheduled_for: new Date(Date.now() + 3_600_000).toISOString(), expected_version: 2 },
    });
    expect(approved.status).toBe(200);
    expect((await call('DELETE', `/keys/${agent.id}`, { key: admin })).status).toBe(204);
    const rotated = await call('POST', `/webhooks/${webhookId}/rotate-secret`, { key: admin });
    registerSecret(rotated.json.secret);

    const trail = await call('GET', `/audit?from=${encodeURIComponent(start)}`, { key: admin });
    expect(trail.status).toBe(200);
    const adminKeyId = (await call('GET', '/keys', { key: admin })).json.keys.find((key: { name: string }) => key.name !== 'writing agent')
      .id as string;
    const asAdmin = { type: 'api_key', id: adminKeyId, name: expect.any(String) };
    const asAgent = { type: 'api_key', id: agent.id, name: 'writing agent' };
    const entries = trail.json.entries as Entry[];
    expect(entries.map(({ action, actor, target, version }) => ({ action, actor, target, version }))).toEqual([
      { action: 'webhook.secret_rotated', actor: asAdmin, target: { type: 'webhook', id: webhookId }, version: null },
      { action: 'key.deleted', actor: asAdmin, target: { type: 'key', id: agent.id }, version: null },
      {
        action: 'post.approved',
        actor: { type: 'dashboard', id: accountId, name: null },
        target: { type: 'post', id: postId },
        version: 3,
      },
      { action: 'post.edited', actor: asAgent, target: { type: 'post', id: postId }, version: 2 },
      { action: 'post.created', actor: asAgent, target: { type: 'post', id: postId }, version: 1 },
      { action: 'webhook.created', actor: asAdmin, target: { type: 'webhook', id: webhookId }, version: null },
      { action: 'key.created', actor: asAdmin, target: { type: 'key', id: agent.id }, version: null },
    ]);
    expect(trail.json.next_cursor).toBeNull();
    // Times newest first, each entry with an id and its facts.
    const times = (trail.json.entries as { at: string }[]).map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(trail.json.entries[1].details).toEqual({ name: 'writing agent', scope: 'draft' });

    // Pages of two with the cursor give the same entries, and `to` excludes what came at or after it.
    const seen: Entry[] = [];
    let cursor: string | null = null;
    do {
      const page: { json: { entries: Entry[]; next_cursor: string | null } } = await call(
        'GET',
        `/audit?from=${encodeURIComponent(start)}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { key: admin },
      );
      expect(page.json.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.json.entries);
      cursor = page.json.next_cursor;
    } while (cursor);
    expect(seen).toEqual(entries);
    const before = await call('GET', `/audit?from=${encodeURIComponent(start)}&to=${encodeURIComponent(times[1])}`, { key: admin });
    expect(before.json.entries.map((entry: Entry) => entry.action)[0]).toBe(entries[2].action);
  });

  it('records the dashboard owner, profiles and the queue, and the version a post was deleted at', async () => {
    const email = uniqueEmail('audit-owner');
    const { accountId, apiKey: admin } = await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    await session!.call('PUT', '/queue', { body: { timezone: 'Europe/Paris', slots: [{ day: 'mon', time: '09:00' }] } });
    const draft = await session!.call('POST', '/posts', { body: { content: 'x', platforms: ['bluesky'], draft: true } });
    await session!.call('PATCH', `/posts/${draft.json.post.id}`, { body: { content: 'y' } });
    expect((await session!.call('DELETE', `/posts/${draft.json.post.id}`)).status).toBe(204);
    await service.connectProfile(accountId, 'bluesky');
    const profileId = (await call('GET', '/profiles', { key: admin })).json.profiles[0].id as string;
    expect((await session!.call('DELETE', `/profiles/${profileId}`)).status).toBe(204);
    const trail = await session!.call('GET', '/audit');
    expect(trail.status).toBe(200);
    const owner = { type: 'dashboard', id: accountId, name: null };
    expect((trail.json.entries as Entry[]).map(({ action, actor, version }) => ({ action, actor, version }))).toEqual([
      { action: 'profile.removed', actor: owner, version: null },
      { action: 'post.deleted', actor: owner, version: 2 },
      { action: 'post.edited', actor: owner, version: 2 },
      { action: 'post.created', actor: owner, version: 1 },
      { action: 'queue.changed', actor: owner, version: null },
    ]);
  });

  it('refuses a range beyond 90 days, or reversed, or malformed, a cursor not ours, and keys below admin', async () => {
    const { apiKey: admin } = await service.createAccount();
    registerSecret(admin);
    const old = new Date(Date.now() - 91 * 86_400_000).toISOString();
    const tooOld = await call('GET', `/audit?from=${encodeURIComponent(old)}`, { key: admin });
    expect([tooOld.status, tooOld.json.error, tooOld.json.field]).toEqual([400, 'INVALID_FIELD', 'from']);
    const reversed = await call('GET', `/audit?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`, { key: admin });
    expect(reversed.json).toMatchObject({ error: 'INVALID_FIELD' });
    const malformed = await call('GET', '/audit?to=yesterday', { key: admin });
    expect(malformed.json).toMatchObject({ error: 'INVALID_FIELD', field: 'to' });
    const badCursor = await call('GET', '/audit?cursor=bm90LWEtY3Vyc29y', { key: admin });
    expect(badCursor.json).toMatchObject({ error: 'INVALID_FIELD', field: 'cursor' });
    const badLimit = await call('GET', '/audit?limit=101', { key: admin });
    expect(badLimit.json).toMatchObject({ error: 'INVALID_FIELD', field: 'limit' });
    for (const scope of ['read', 'draft', 'write']) {
      const key = await newKey(admin, `${scope} key`, scope);
      const refused = await call('GET', '/audit', { key: key.value });
      expect([scope, refused.status, refused.json.error, refused.json.required_scope]).toEqual([scope, 403, 'INSUFFICIENT_SCOPE', 'admin']);
    }
  });

  it('keeps each entry 90 days (a TTL on the item)', async () => {
    const { accountId, apiKey: admin } = await service.createAccount();
    registerSecret(admin);
    await newKey(admin, 'kept', 'read');
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('#shared/store/client');
    const { auditPartition } = await import('#shared/store/audit-log');
    const { TTL_ATTRIBUTE } = await import('#shared/store/table');
    const { Items = [] } = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': auditPartition(accountId) },
      }),
    );
    expect(Items).toHaveLength(1);
    const days = ((Items[0][TTL_ATTRIBUTE] as number) * 1000 - Date.parse(Items[0].at as string)) / 86_400_000;
    expect(Math.round(days)).toBe(90);
  });
});
