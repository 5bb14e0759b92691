import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { Webhook } from 'standardwebhooks';
import { localClient } from '../../local/dynamodb-local';
import { accountWithLogin, signIn, uniqueEmail } from './dashboard-client';
import { captureLogs, type LogCapture } from '../support/log-capture';
import { webhooksSettled } from '../support/scheduler-settled';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Rotating a webhook's signing secret (docs/api.md, "Webhooks", "Rotating the secret"), through
 * the local server: a new whsec_ secret shown once; for 24 hours (the clock port moved, no
 * sleep) every delivery carries both signatures, each verified alone by the published
 * standardwebhooks library against the headers the local receiver got, then only the new one;
 * a replay with the same idempotency-key shows the same secret and rotates once; NOT_FOUND in
 * the spec's shape for unknown and other accounts' endpoints; concurrent rotations all kept; the
 * dashboard's twin; no secret in GET answers, the table or the logs.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

describe('webhook secret rotation', () => {
  let service: TestService;
  let receiver: WebhookReceiver;
  let logs: LogCapture;
  let key: string;
  let otherKey: string;
  let clock: { now(): Date; set(date: Date): void; advance(ms: number): void };
  /** Every secret this file saw: none may be in a GET answer, the table or a log line. */
  const secrets: string[] = [];

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '1000', LOG_LEVEL: 'INFO' });
    logs = captureLogs();
    receiver = await startWebhookReceiver();
    ({ apiKey: key } = await service.createAccount());
    ({ apiKey: otherKey } = await service.createAccount());
    [key, otherKey].forEach(registerSecret);
  });
  beforeEach(async () => {
    const ports = await import('#shared/ports/clock');
    clock = ports.fixedClock(new Date());
    ports.useClock(clock);
  });
  afterAll(async () => {
    // Attempts still under way log while the service stops: into the capture, not the test output.
    await webhooksSettled();
    (await import('#shared/ports/clock')).useClock();
    logs.restore();
    await receiver.stop();
    await service.stop();
  });

  const keep = (secret: string): string => {
    registerSecret(secret);
    secrets.push(secret);
    return secret;
  };
  const newWebhook = async (apiKey = key) => {
    const created = await service.call('POST', '/webhooks', { key: apiKey, body: { url: receiver.url } });
    expect(created.status).toBe(201);
    keep(created.json.secret);
    return created.json as { webhook: { id: string; url: string }; secret: string };
  };
  const rotate = async (id: string, options: { apiKey?: string; headers?: Record<string, string> } = {}) => {
    const answer = await service.call('POST', `/webhooks/${id}/rotate-secret`, { key: options.apiKey ?? key, headers: options.headers });
    if (answer.status === 200) keep(answer.json.secret);
    return answer;
  };
  /** Sends a webhook.test event to the endpoint and returns the one request the receiver got for it. */
  const delivered = async (id: string): Promise<ReceivedDelivery> => {
    const before = receiver.received.length;
    const accepted = await service.call('POST', `/webhooks/${id}/test`, { key });
    expect(accepted.status).toBe(202);
    await receiver.waitFor(before + 1);
    const delivery = receiver.received.slice(before).find((one) => one.headers['webhook-id'] === accepted.json.event_id);
    if (!delivery) throw new Error('the test event was not received');
    return delivery;
  };
  /**
   * The library's verify, as a receiver whose clock agrees with the sender's (the clock port may
   * be a day ahead of the machine's, and the library refuses timestamps 5 min off its own clock).
   */
  const verifies = (secret: string, delivery: ReceivedDelivery): boolean => {
    const spy = jest.spyOn(Date, 'now').mockReturnValue(Number(delivery.headers['webhook-timestamp']) * 1000);
    try {
      new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
      return true;
    } catch {
      return false;
    } finally {
      spy.mockRestore();
    }
  };
  const signatures = (delivery: ReceivedDelivery): string[] => (delivery.headers['webhook-signature'] as string).split(' ');
  /** The signature the library computes for this delivery with this secret. */
  const signatureOf = (secret: string, delivery: ReceivedDelivery): string =>
    new Webhook(secret).sign(
      delivery.headers['webhook-id'] as string,
      new Date(Number(delivery.headers['webhook-timestamp']) * 1000),
      delivery.body,
    );
  const stranger = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

  it('answers 200 with the endpoint and a new whsec_ secret, shown once: GET, the list and the table never show it', async () => {
    const { webhook, secret: first } = await newWebhook();
    const rotated = await rotate(webhook.id);
    expect([rotated.status, rotated.json]).toEqual([200, { webhook, secret: expect.stringMatching(SECRET) }]);
    expect(rotated.headers.get('idempotent-replayed')).toBeNull();
    expect(rotated.json.secret).not.toBe(first);

    const got = await service.call('GET', `/webhooks/${webhook.id}`, { key });
    expect([got.status, got.json]).toEqual([200, { webhook }]);
    const listed = await service.call('GET', '/webhooks', { key });
    expect(listed.json.webhooks).toContainEqual(webhook);
    for (const text of [got.text, listed.text]) {
      for (const secret of [first, rotated.json.secret]) expect(text).not.toContain(secret.slice(6, 30));
    }
    const client = localClient(service.endpoint);
    const { Items } = await client.send(new ScanCommand({ TableName: service.tableName }));
    client.destroy();
    const stored = JSON.stringify((Items ?? []).map((item) => unmarshall(item)));
    for (const secret of [first, rotated.json.secret]) expect(stored).not.toContain(secret.slice(6, 30));
  });

  it('signs every delivery with both secrets for 24 hours (space-separated, the new first), then with the new one only', async () => {
    const { webhook, secret: old } = await newWebhook();
    const rotatedAt = clock.now().getTime();
    const { secret } = (await rotate(webhook.id)).json;

    const right = await delivered(webhook.id);
    expect(signatures(right)).toEqual([signatureOf(secret, right), signatureOf(old, right)]);
    expect([verifies(secret, right), verifies(old, right), verifies(stranger, right)]).toEqual([true, true, false]);

    // The last second of the 24 hours: both still.
    clock.set(new Date(rotatedAt + DAY_MS - 1_000));
    const late = await delivered(webhook.id);
    expect(signatures(late)).toHaveLength(2);
    expect([verifies(secret, late), verifies(old, late)]).toEqual([true, true]);

    // 24 hours on: the new secret only.
    clock.set(new Date(rotatedAt + DAY_MS));
    const after = await delivered(webhook.id);
    expect(signatures(after)).toEqual([signatureOf(secret, after)]);
    expect([verifies(secret, after), verifies(old, after)]).toEqual([true, false]);
  });

  it('signs a retry of an attempt made before the rotation with both secrets (the endpoint is read again)', async () => {
    const { webhook, secret: old } = await newWebhook();
    receiver.answer(500);
    const first = await delivered(webhook.id);
    expect(signatures(first)).toEqual([signatureOf(old, first)]);
    const { secret } = (await rotate(webhook.id)).json;
    const before = receiver.received.length;
    // The second attempt is due about 5 s after the first (docs/api.md, "Webhooks").
    clock.advance(6_000);
    await receiver.waitFor(before + 1);
    const retry = receiver.received[before];
    expect(retry.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(signatures(retry)).toEqual([signatureOf(secret, retry), signatureOf(old, retry)]);
    expect([verifies(secret, retry), verifies(old, retry)]).toEqual([true, true]);
  });

  it('replays a rotation with the same idempotency-key: the same secret, one rotation; another request with that key is refused', async () => {
    const { webhook, secret: old } = await newWebhook();
    const headers = { 'idempotency-key': `rotate-${webhook.id}` };
    const first = await rotate(webhook.id, { headers });
    expect(first.status).toBe(200);
    const replay = await rotate(webhook.id, { headers });
    expect([replay.status, replay.json, replay.headers.get('idempotent-replayed')]).toEqual([200, first.json, 'true']);

    // Rotated once: the answered secret signs first, beside the original only (a second rotation would add a third).
    const delivery = await delivered(webhook.id);
    expect(signatures(delivery)).toEqual([signatureOf(first.json.secret, delivery), signatureOf(old, delivery)]);

    // The same key on another endpoint's rotation is another request.
    const other = await newWebhook();
    const reused = await rotate(other.webhook.id, { headers });
    expect([reused.status, reused.json]).toEqual([422, { error: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) }]);
    expect(signatures(await delivered(other.webhook.id))).toHaveLength(1);

    // The record keeps the secret sealed, never in plain text.
    const client = localClient(service.endpoint);
    const { Items } = await client.send(new ScanCommand({ TableName: service.tableName }));
    client.destroy();
    const records = (Items ?? []).map((item) => unmarshall(item)).filter((item) => item.type === 'idempotency_record');
    expect(records.some((record) => String(record.response_body).includes('sealed_secret'))).toBe(true);
    expect(JSON.stringify(records)).not.toContain(first.json.secret.slice(6, 30));
  });

  it("answers 404 NOT_FOUND for an unknown or another account's endpoint (rotating nothing), INVALID_ID for a malformed id", async () => {
    const theirs = await newWebhook(otherKey);
    for (const id of [theirs.webhook.id, '7d9c3b1a-0000-4000-8000-000000000000']) {
      const answer = await rotate(id);
      expect([answer.status, answer.json]).toEqual([404, { error: 'NOT_FOUND', message: 'Webhook not found' }]);
      expect(answer.headers.get('content-type')).toBe('application/json');
    }
    const malformed = await rotate('not-a-uuid');
    expect([malformed.status, malformed.json]).toEqual([400, { error: 'INVALID_ID', message: expect.any(String) }]);
    const unauthenticated = await service.call('POST', `/webhooks/${theirs.webhook.id}/rotate-secret`);
    expect(unauthenticated.json).toMatchObject({ error: 'MISSING_API_KEY' });
    // Their endpoint still has the one secret.
    const before = receiver.received.length;
    await service.call('POST', `/webhooks/${theirs.webhook.id}/test`, { key: otherKey });
    await receiver.waitFor(before + 1);
    const delivery = receiver.received[before];
    expect(signatures(delivery)).toEqual([signatureOf(theirs.secret, delivery)]);
  });

  it('keeps every secret of concurrent rotations: each answered secret signs', async () => {
    const { webhook, secret: old } = await newWebhook();
    const answers = await Promise.all([1, 2, 3].map(() => rotate(webhook.id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const rotated = answers.map((answer) => answer.json.secret as string);
    expect(new Set(rotated).size).toBe(3);
    const delivery = await delivered(webhook.id);
    expect(signatures(delivery)).toHaveLength(4);
    expect([...rotated, old].map((secret) => verifies(secret, delivery))).toEqual([true, true, true, true]);
  });

  it('answers 503 SERVICE_UNAVAILABLE with retry-after, writing nothing, when other rotations keep winning', async () => {
    const { webhook, secret: old } = await newWebhook();
    const store = await import('#shared/store/webhooks');
    // Every write finds the secret changed by another rotation (as five concurrent winners would).
    const lost = jest.spyOn(store, 'replaceWebhookSecret').mockResolvedValue(false);
    try {
      const answer = await rotate(webhook.id);
      expect([answer.status, answer.json, answer.headers.get('retry-after')]).toEqual([
        503,
        { error: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('retry') },
        '1',
      ]);
      expect(lost).toHaveBeenCalledTimes(5);
    } finally {
      lost.mockRestore();
    }
    const delivery = await delivered(webhook.id);
    expect(signatures(delivery)).toEqual([signatureOf(old, delivery)]);
  });

  it('rotates through the dashboard too (session and CSRF token), with the same answer', async () => {
    const email = uniqueEmail('rotate');
    await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    const created = await session!.call('POST', '/webhooks', { body: { url: receiver.url } });
    keep(created.json.secret);
    const id = created.json.webhook.id;
    const refused = await session!.call('POST', `/webhooks/${id}/rotate-secret`, { csrf: false });
    expect([refused.status, refused.json.error]).toEqual([403, 'FORBIDDEN']);
    const rotated = await session!.call('POST', `/webhooks/${id}/rotate-secret`);
    expect([rotated.status, rotated.json]).toEqual([200, { webhook: created.json.webhook, secret: expect.stringMatching(SECRET) }]);
    keep(rotated.json.secret);
    const before = receiver.received.length;
    expect((await session!.call('POST', `/webhooks/${id}/test`)).status).toBe(202);
    await receiver.waitFor(before + 1);
    const delivery = receiver.received[before];
    expect([verifies(rotated.json.secret, delivery), verifies(created.json.secret, delivery)]).toEqual([true, true]);
  });

  it('never writes a secret, old or new, to the logs', () => {
    const text = logs.text();
    // The logs were captured: the rotations are there, by endpoint.
    expect(text).toContain('webhook secret rotated');
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(text).not.toContain(secret.slice(6));
  });
});
