import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { localClient } from '../../local/dynamodb-local';
import { accountWithLogin, signIn, uniqueEmail } from './dashboard-client';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { eventually } from '../support/eventually';

/**
 * The webhook endpoints (docs/api.md, "Webhooks") through the local server: create with the secret
 * shown once (and again on an idempotent replay, never stored in plain text), list, get,
 * delete, at most 20 (QUOTA_EXCEEDED), another account's as NOT_FOUND, URLs refused at the door (internal
 * names and addresses, names that do not resolve), a test event delivered and verified with
 * the standardwebhooks library, and its attempts in the deliveries list. The dashboard's twins too.
 */
const ALL_EVENTS = [
  'post.published',
  'post.partially_published',
  'post.failed',
  'profile.needs_reconnect',
  'profile.expiring',
  'inbox.reply_published',
  'inbox.reply_failed',
];

describe('webhook endpoints', () => {
  let service: TestService;
  let receiver: WebhookReceiver;
  let key: string;
  let otherKey: string;
  let names: Map<string, string[]>;

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '1000' });
    receiver = await startWebhookReceiver();
    ({ apiKey: key } = await service.createAccount());
    ({ apiKey: otherKey } = await service.createAccount());
    [key, otherKey].forEach(registerSecret);
    // An offline resolver whose names this file maps (as test/support/test-service.ts installs one).
    const resolver = await import('#shared/ports/name-resolver');
    const offline = resolver.offlineResolver();
    resolver.useNameResolver(offline);
    names = offline.names;
  });
  afterAll(async () => {
    await receiver.stop();
    await service.stop();
  });

  const create = (body: unknown, apiKey = key, headers: Record<string, string> = {}) =>
    service.call('POST', '/webhooks', { key: apiKey, body, headers });

  it('creates an endpoint and shows its whsec_ secret once; lists and gets it without the secret', async () => {
    const created = await create({ url: receiver.url, description: '  CRM  ' });
    expect(created.status).toBe(201);
    registerSecret(created.json.secret);
    expect(created.json).toEqual({
      webhook: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: receiver.url,
        events: ALL_EVENTS,
        description: 'CRM',
        created_at: expect.any(String),
      },
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const id = created.json.webhook.id;
    const listed = await service.call('GET', '/webhooks', { key });
    expect(listed.json.webhooks).toContainEqual(created.json.webhook);
    expect(listed.text).not.toContain(created.json.secret.slice(6));
    expect((await service.call('GET', `/webhooks/${id}`, { key })).json).toEqual({ webhook: created.json.webhook });
    expect((await service.call('GET', `/webhooks/${id.toUpperCase()}`, { key })).status).toBe(200);
  });

  it('keeps the chosen events, merged and in the order of docs/api.md (Webhooks), and refuses unknown ones', async () => {
    const created = await create({ url: receiver.url, events: ['post.failed', 'post.published', 'post.failed'] });
    registerSecret(created.json.secret);
    expect(created.json.webhook).toMatchObject({ events: ['post.published', 'post.failed'], description: null });
    for (const events of [[], ['post.deleted'], 'post.failed', [1]]) {
      const refused = await create({ url: receiver.url, events });
      expect([refused.status, refused.json]).toEqual([400, { error: 'INVALID_FIELD', field: 'events', message: expect.any(String) }]);
    }
    const blank = await create({ url: '  ' });
    expect(blank.json).toMatchObject({ error: 'MISSING_REQUIRED_FIELD', field: 'url' });
    const long = await create({ url: receiver.url, description: 'd'.repeat(201) });
    expect(long.json).toMatchObject({ error: 'INVALID_FIELD', field: 'description' });
  });

  it('refuses URLs that are or resolve to internal addresses, do not resolve, or are not URLs', async () => {
    names.set('inside.example.com', ['10.1.2.3']);
    names.set('mixed.example.com', ['93.184.216.34', '192.168.0.10']);
    names.set('metadata.example.com', ['169.254.169.254']);
    names.set('v6.example.com', ['fd00::1']);
    names.set('mapped.example.com', ['::ffff:10.0.0.1']);
    const refused = [
      'https://inside.example.com/hook',
      'https://mixed.example.com/hook',
      'https://metadata.example.com/',
      'https://v6.example.com/',
      'https://mapped.example.com/',
      'http://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/hook',
      'https://[fe80::1]/hook',
      'https://hooks.internal/x',
      'https://printer.local/x',
      'https://nowhere.example.com/hook',
      'ftp://example.com/hook',
      'not a url',
      'https://user:pass@inside.example.com/',
      `${receiver.url}#fragment`,
    ];
    for (const url of refused) {
      const answer = await create({ url });
      expect({ url, status: answer.status, body: answer.json }).toEqual({
        url,
        status: 400,
        body: { error: 'INVALID_FIELD', field: 'url', message: expect.stringContaining('url') },
      });
    }
    const listed = await service.call('GET', '/webhooks', { key });
    expect(listed.json.webhooks.map((webhook: { url: string }) => webhook.url)).not.toContain('https://inside.example.com/hook');
  });

  it("answers NOT_FOUND for another account's endpoint and for unknown ids, INVALID_ID for a bad one", async () => {
    const created = await create({ url: receiver.url });
    registerSecret(created.json.secret);
    const id = created.json.webhook.id;
    for (const [method, path] of [
      ['GET', `/webhooks/${id}`],
      ['DELETE', `/webhooks/${id}`],
      ['POST', `/webhooks/${id}/test`],
      ['GET', `/webhooks/${id}/deliveries`],
    ]) {
      const answer = await service.call(method, path, { key: otherKey });
      expect([path, answer.status, answer.json]).toEqual([path, 404, { error: 'NOT_FOUND', message: 'Webhook not found' }]);
    }
    expect((await service.call('GET', '/webhooks/7d9c3b1a-0000-4000-8000-000000000000', { key })).status).toBe(404);
    expect((await service.call('GET', '/webhooks/not-a-uuid', { key })).json).toMatchObject({ error: 'INVALID_ID' });
    expect((await service.call('GET', '/webhooks', { key: otherKey })).json).toEqual({ webhooks: [] });
  });

  it('deletes an endpoint (then NOT_FOUND) and gives its place back under the quota of 20', async () => {
    const { apiKey } = await service.createAccount();
    registerSecret(apiKey);
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const created = await create({ url: receiver.url }, apiKey);
      registerSecret(created.json.secret);
      ids.push(created.json.webhook.id);
    }
    const twentyFirst = await create({ url: receiver.url }, apiKey);
    expect([twentyFirst.status, twentyFirst.json]).toEqual([
      409,
      { error: 'QUOTA_EXCEEDED', quota: 'webhooks', limit: 20, message: expect.stringContaining('at most 20') },
    ]);
    expect((await service.call('DELETE', `/webhooks/${ids[0]}`, { key: apiKey })).status).toBe(204);
    expect((await service.call('DELETE', `/webhooks/${ids[0]}`, { key: apiKey })).status).toBe(404);
    expect((await service.call('GET', `/webhooks/${ids[0]}`, { key: apiKey })).status).toBe(404);
    const again = await create({ url: receiver.url }, apiKey);
    expect(again.status).toBe(201);
    registerSecret(again.json.secret);
  });

  it('never passes 20 under concurrent creations', async () => {
    const { apiKey } = await service.createAccount();
    registerSecret(apiKey);
    const answers = await Promise.all(Array.from({ length: 24 }, () => create({ url: receiver.url }, apiKey)));
    answers.filter((answer) => answer.status === 201).forEach((answer) => registerSecret(answer.json.secret));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(20);
    expect((await service.call('GET', '/webhooks', { key: apiKey })).json.webhooks).toHaveLength(20);
  });

  it('replays a creation with the same idempotency-key, secret included, and stores that secret sealed only', async () => {
    const headers = { 'idempotency-key': `webhook-${Date.now()}` };
    const first = await create({ url: receiver.url, description: 'replayed' }, key, headers);
    registerSecret(first.json.secret);
    const replay = await create({ url: receiver.url, description: 'replayed' }, key, headers);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect([replay.status, replay.json]).toEqual([201, first.json]);
    const other = await create({ url: receiver.url, description: 'another body' }, key, headers);
    expect(other.json).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED' });
    const client = localClient(service.endpoint);
    const { Items } = await client.send(new ScanCommand({ TableName: service.tableName }));
    client.destroy();
    const stored = JSON.stringify((Items ?? []).map((item) => unmarshall(item)));
    expect(stored).not.toContain(first.json.secret.slice(6, 30));
  });

  it('sends a test event, signed (the standardwebhooks library verifies it), and lists its attempt', async () => {
    const created = await create({ url: receiver.url, events: ['post.failed'] });
    const { secret, webhook } = created.json;
    registerSecret(secret);
    const before = receiver.received.length;
    const accepted = await service.call('POST', `/webhooks/${webhook.id}/test`, { key });
    expect([accepted.status, accepted.json]).toEqual([202, { event_id: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    await receiver.waitFor(before + 1);
    const delivery = receiver.received[before];
    expect(delivery.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': accepted.json.event_id,
      'webhook-timestamp': expect.stringMatching(/^\d{10}$/),
      'webhook-signature': expect.stringMatching(/^v1,/),
    });
    const { Webhook } = await import('standardwebhooks');
    const payload = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
    expect(payload).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { webhook_id: webhook.id, message: expect.any(String) },
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(delivery.body, delivery.headers as Record<string, string>),
    ).toThrow();

    const listed = await eventually(
      async () => {
        const answer = await service.call('GET', `/webhooks/${webhook.id}/deliveries`, { key });
        expect(answer.json.deliveries[0]?.status).toBe('succeeded');
        return answer;
      },
      { timeoutMs: 5_000, intervalMs: 50 },
    );
    expect(listed.json).toEqual({
      deliveries: [
        {
          id: expect.any(String),
          event_id: accepted.json.event_id,
          type: 'webhook.test',
          attempt: 1,
          status: 'succeeded',
          response_status: 200,
          error: null,
          duration_ms: expect.any(Number),
          attempted_at: expect.any(String),
          next_attempt_at: null,
        },
      ],
      next_cursor: null,
    });
  });

  it('pages the deliveries with a cursor valid for that endpoint only, and checks its query', async () => {
    const created = await create({ url: receiver.url });
    registerSecret(created.json.secret);
    const id = created.json.webhook.id;
    const before = receiver.received.length;
    for (let index = 0; index < 3; index += 1) await service.call('POST', `/webhooks/${id}/test`, { key });
    await receiver.waitFor(before + 3);
    const first = await service.call('GET', `/webhooks/${id}/deliveries?limit=2`, { key });
    expect(first.json.deliveries).toHaveLength(2);
    expect(first.json.next_cursor).toEqual(expect.any(String));
    const second = await service.call('GET', `/webhooks/${id}/deliveries?limit=2&cursor=${first.json.next_cursor}`, { key });
    expect(second.json.deliveries).toHaveLength(1);
    const events = [...first.json.deliveries, ...second.json.deliveries].map((delivery: { event_id: string }) => delivery.event_id);
    expect(new Set(events).size).toBe(3);
    const elsewhere = await create({ url: receiver.url });
    registerSecret(elsewhere.json.secret);
    const foreign = await service.call('GET', `/webhooks/${elsewhere.json.webhook.id}/deliveries?cursor=${first.json.next_cursor}`, {
      key,
    });
    expect(foreign.json).toMatchObject({ error: 'INVALID_FIELD', field: 'cursor' });
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'cursor=', 'status=failed']) {
      const bad = await service.call('GET', `/webhooks/${id}/deliveries?${query}`, { key });
      expect([query, bad.status, bad.json.error]).toEqual([query, 400, 'INVALID_FIELD']);
    }
  });

  it('does the same through the dashboard API: add, test, deliveries, delete', async () => {
    const email = uniqueEmail('webhooks');
    await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    const created = await session!.call('POST', '/webhooks', { body: { url: receiver.url } });
    expect(created.status).toBe(201);
    registerSecret(created.json.secret);
    const id = created.json.webhook.id;
    expect((await session!.call('POST', '/webhooks', { body: { url: receiver.url }, csrf: false })).status).toBe(403);
    const before = receiver.received.length;
    expect((await session!.call('POST', `/webhooks/${id}/test`)).status).toBe(202);
    await receiver.waitFor(before + 1);
    expect(receiver.verified(created.json.secret, receiver.received.slice(before))).toEqual([
      expect.objectContaining({ type: 'webhook.test' }),
    ]);
    expect((await session!.call('GET', '/webhooks')).json.webhooks).toEqual([created.json.webhook]);
    expect((await session!.call('GET', `/webhooks/${id}/deliveries`)).json.deliveries).toHaveLength(1);
    expect((await session!.call('DELETE', `/webhooks/${id}`)).status).toBe(204);
    expect((await session!.call('GET', '/webhooks')).json.webhooks).toEqual([]);
    expect((await service.call('GET', '/webhooks', { headers: { cookie: session!.cookie } })).json).toMatchObject({
      error: 'MISSING_API_KEY',
    });
  });
});
