import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { webhooksSettled } from '../support/scheduler-settled';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { eventually } from '../support/eventually';

/**
 * Delivery (docs/api.md, "Webhooks"), time moved through the clock port: retries at the documented
 * intervals with the same webhook-id, each attempt in the deliveries list; giving up after the
 * eighth; addresses re-resolved at every send (a name rebound inside is refused); no
 * redirects; at most 64 KB of an answer read; a deleted endpoint gets nothing more.
 */
const SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

describe('webhook delivery', () => {
  let service: TestService;
  let receiver: WebhookReceiver;
  let key: string;
  let accountId: string;
  let clock: { now(): Date; set(date: Date): void; advance(ms: number): void };
  let names: Map<string, string[]>;

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '1000' });
    receiver = await startWebhookReceiver();
    ({ apiKey: key, accountId } = await service.createAccount());
    registerSecret(key);
    const resolver = await import('#shared/ports/name-resolver');
    const offline = resolver.offlineResolver();
    resolver.useNameResolver(offline);
    names = offline.names;
  });
  beforeEach(async () => {
    const ports = await import('#shared/ports/clock');
    clock = ports.fixedClock(new Date());
    ports.useClock(clock);
  });
  afterAll(async () => {
    (await import('#shared/ports/clock')).useClock();
    await receiver.stop();
    await service.stop();
  });

  const newWebhook = async (url = receiver.url) => {
    const created = await service.call('POST', '/webhooks', { key, body: { url } });
    expect(created.status).toBe(201);
    registerSecret(created.json.secret);
    return created.json as { webhook: { id: string }; secret: string };
  };
  const deliveries = async (id: string) => (await service.call('GET', `/webhooks/${id}/deliveries`, { key })).json.deliveries as any[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  const settle = (id: string, count: number) =>
    eventually(
      async () => {
        const rows = await deliveries(id);
        // Settled: nothing due is still waiting or being made (a pending retry waits for a later time).
        if (
          rows.length >= count &&
          rows.every((row) => row.status !== 'pending' || Date.parse(row.next_attempt_at) > clock.now().getTime())
        )
          return rows;
        throw new Error('the deliveries did not settle');
      },
      { timeoutMs: 10_000, intervalMs: 25 },
    );
  /** Every webhook attempt due by the clock has been made (no sleep). */
  const quiet = webhooksSettled;

  it('retries a 500 after about 5 s and 5 min with the same webhook-id, then records the 200; the list shows all three attempts', async () => {
    const { webhook, secret } = await newWebhook();
    receiver.answer(500, 500);
    const before = receiver.received.length;
    const { event_id: eventId } = (await service.call('POST', `/webhooks/${webhook.id}/test`, { key })).json;
    await receiver.waitFor(before + 1);

    for (const [attempt, interval] of [
      [1, 5_000],
      [2, 300_000],
    ] as const) {
      const rows = await settle(webhook.id, attempt + 1);
      const failed = rows.find((row) => row.attempt === attempt);
      const next = rows.find((row) => row.attempt === attempt + 1);
      expect(failed).toMatchObject({ status: 'failed', response_status: 500, error: expect.stringContaining('500') });
      const wait = Date.parse(failed.next_attempt_at) - Date.parse(failed.attempted_at);
      expect(wait).toBeGreaterThanOrEqual(interval * 0.9);
      expect(wait).toBeLessThanOrEqual(interval * 1.1);
      expect(next).toMatchObject({ status: 'pending', attempted_at: null, next_attempt_at: failed.next_attempt_at });
      // Not a moment early...
      clock.set(new Date(Date.parse(failed.next_attempt_at) - 200));
      await quiet();
      expect(receiver.received.length).toBe(before + attempt);
      // ...and at its time.
      clock.set(new Date(failed.next_attempt_at));
      await receiver.waitFor(before + attempt + 1);
    }

    const rows = await settle(webhook.id, 3);
    expect(rows.map((row) => [row.attempt, row.status, row.response_status, row.event_id])).toEqual([
      [3, 'succeeded', 200, eventId],
      [2, 'failed', 500, eventId],
      [1, 'failed', 500, eventId],
    ]);
    expect(rows[0].next_attempt_at).toBeNull();
    const attempts = receiver.received.slice(before);
    expect(attempts.map((attempt) => attempt.headers['webhook-id'])).toEqual([eventId, eventId, eventId]);
    expect(new Set(attempts.map((attempt) => attempt.body)).size).toBe(1);
    // Each attempt is signed at its own time: check each signature as the library computes it.
    for (const attempt of attempts) {
      const at = new Date(Number(attempt.headers['webhook-timestamp']) * 1000);
      expect(attempt.headers['webhook-signature']).toBe(new Webhook(secret).sign(eventId, at, attempt.body));
    }
    expect(Number(attempts[2].headers['webhook-timestamp']) - Number(attempts[0].headers['webhook-timestamp'])).toBeGreaterThanOrEqual(
      Math.floor(((5_000 + 300_000) * 0.9) / 1000),
    );
  });

  it('gives up after the eighth attempt, about 27.5 hours on, at the intervals of docs/api.md (Webhooks)', async () => {
    const { webhook } = await newWebhook();
    receiver.always(503);
    try {
      const before = receiver.received.length;
      await service.call('POST', `/webhooks/${webhook.id}/test`, { key });
      await receiver.waitFor(before + 1);
      for (let attempt = 1; attempt <= 7; attempt += 1) {
        const rows = await settle(webhook.id, attempt + 1);
        const failed = rows.find((row) => row.attempt === attempt);
        const wait = Date.parse(failed.next_attempt_at) - Date.parse(failed.attempted_at);
        expect([attempt, wait >= SCHEDULE_MS[attempt - 1] * 0.9 && wait <= SCHEDULE_MS[attempt - 1] * 1.1]).toEqual([attempt, true]);
        clock.set(new Date(failed.next_attempt_at));
        await receiver.waitFor(before + attempt + 1);
      }
      const rows = await settle(webhook.id, 8);
      expect(rows[0]).toMatchObject({ attempt: 8, status: 'failed', response_status: 503, next_attempt_at: null });
      clock.advance(48 * 3_600_000);
      await quiet();
      expect(receiver.received.length).toBe(before + 8);
      expect(await deliveries(webhook.id)).toHaveLength(8);

      // The runbook's replay (admin webhooks replay): one more attempt, now answered.
      receiver.always(200);
      const { replayFailedDeliveries } = await import('#shared/use-cases/webhooks/replay');
      const { withLogScope } = await import('#shared/logger');
      const replayed = await withLogScope({}, async () => replayFailedDeliveries(accountId, webhook.id));
      expect(replayed).toEqual([{ event_id: rows[0].event_id, attempt: 9 }]);
      await receiver.waitFor(before + 9);
      expect(receiver.received[before + 8].headers['webhook-id']).toBe(rows[0].event_id);
      expect((await settle(webhook.id, 9))[0]).toMatchObject({ attempt: 9, status: 'succeeded', response_status: 200 });
      expect(await withLogScope({}, async () => replayFailedDeliveries(accountId, webhook.id))).toEqual([]);
    } finally {
      receiver.always(200);
    }
  });

  it('resolves the name again at each send: a name rebound to an internal address is refused, nothing sent', async () => {
    names.set('hooks.rebind.example', ['127.0.0.1']);
    const { port } = new URL(receiver.url);
    const { webhook } = await newWebhook(`http://hooks.rebind.example:${port}/hook`);
    const before = receiver.received.length;
    await service.call('POST', `/webhooks/${webhook.id}/test`, { key });
    await receiver.waitFor(before + 1);
    for (const inside of [['10.0.0.7'], ['127.0.0.1', '169.254.169.254'], ['fd12::1']]) {
      names.set('hooks.rebind.example', inside);
      const { event_id: eventId } = (await service.call('POST', `/webhooks/${webhook.id}/test`, { key })).json;
      const row = await eventually(
        async () => {
          const found = (await deliveries(webhook.id)).find(
            (candidate) => candidate.event_id === eventId && candidate.attempt === 1 && candidate.status === 'failed',
          );
          expect(found).toBeDefined();
          return found;
        },
        { timeoutMs: 10_000, intervalMs: 25 },
      );
      expect(row).toMatchObject({
        status: 'failed',
        response_status: null,
        error: expect.stringMatching(/^Refused: .*internal address/),
        next_attempt_at: expect.any(String),
      });
    }
    expect(receiver.received.length).toBe(before + 1);
  });

  it('does not follow a redirect, and reads at most 64 KB of an answer', async () => {
    const other = await startWebhookReceiver();
    let closedEarly = false;
    const server: Server = createServer((request, response) => {
      if (request.url === '/redirect') {
        response.writeHead(307, { location: other.url });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 160 && response.write(chunk)) sent += 1;
        if (sent >= 160) response.end();
        else
          response.once('drain', () => {
            sent += 1;
            pump();
          });
      };
      response.on('close', () => {
        if (!response.writableFinished) closedEarly = true;
      });
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const redirecting = await newWebhook(`${base}/redirect`);
      await service.call('POST', `/webhooks/${redirecting.webhook.id}/test`, { key });
      await settle(redirecting.webhook.id, 2);
      const first = (await deliveries(redirecting.webhook.id)).find((row) => row.attempt === 1);
      expect(first).toMatchObject({ status: 'failed', response_status: 307, error: expect.stringContaining('redirects are not followed') });
      expect(other.received).toHaveLength(0);

      const big = await newWebhook(`${base}/big`);
      await service.call('POST', `/webhooks/${big.webhook.id}/test`, { key });
      const [row] = await settle(big.webhook.id, 1);
      expect(row).toMatchObject({ status: 'succeeded', response_status: 200 });
      await eventually(() => expect(closedEarly).toBe(true), { timeoutMs: 2_000, intervalMs: 25 });
    } finally {
      server.closeAllConnections();
      server.close();
      await other.stop();
    }
  });

  it('records an attempt once when its message comes twice (SQS may), and makes its retry once', async () => {
    const { webhook } = await newWebhook();
    receiver.always(500);
    try {
      const before = receiver.received.length;
      const { event_id: eventId } = (await service.call('POST', `/webhooks/${webhook.id}/test`, { key })).json;
      await receiver.waitFor(before + 1);
      const [, first] = await settle(webhook.id, 2);
      const { getWebhookEvent } = await import('#shared/store/webhook-events');
      const { deliverAttempt } = await import('#shared/use-cases/webhooks/deliver');
      const { withLogScope } = await import('#shared/logger');
      const duplicate = {
        webhook_id: webhook.id,
        account_id: (await getWebhookEvent(eventId))!.account_id,
        event_id: eventId,
        event_created_at: (await getWebhookEvent(eventId))!.created_at,
        attempt: 1,
        due_at: first.attempted_at,
      };
      await withLogScope({}, () => deliverAttempt(duplicate));
      // At least once: the repeat may reach the receiver (it deduplicates on webhook-id), but nothing more is recorded.
      expect(receiver.received.slice(before).map((request) => request.headers['webhook-id'])).toEqual([eventId, eventId]);
      expect((await deliveries(webhook.id)).map((row) => [row.attempt, row.status])).toEqual([
        [2, 'pending'],
        [1, 'failed'],
      ]);
      clock.set(new Date(first.next_attempt_at));
      await receiver.waitFor(before + 3);
      await quiet();
      expect(receiver.received.length).toBe(before + 3);
      expect((await settle(webhook.id, 3)).map((row) => [row.attempt, row.status])).toEqual([
        [3, 'pending'],
        [2, 'failed'],
        [1, 'failed'],
      ]);
    } finally {
      receiver.always(200);
    }
  });

  it('sends nothing more to a deleted endpoint: its waiting retry ends failed', async () => {
    const { webhook } = await newWebhook();
    receiver.answer(500);
    const before = receiver.received.length;
    await service.call('POST', `/webhooks/${webhook.id}/test`, { key });
    await receiver.waitFor(before + 1);
    const rows = await settle(webhook.id, 2);
    const { getDelivery } = await import('#shared/store/webhook-deliveries');
    const pending = rows.find((candidate) => candidate.status === 'pending');
    expect((await service.call('DELETE', `/webhooks/${webhook.id}`, { key })).status).toBe(204);
    clock.set(new Date(pending.next_attempt_at));
    await quiet();
    expect(receiver.received.length).toBe(before + 1);
    // The endpoint is gone, and with it its list: read the attempt from the store.
    const stored = await eventually(
      async () => {
        const delivery = await getDelivery({
          webhook_id: webhook.id,
          event_id: pending.event_id,
          event_created_at: await eventTime(pending.event_id),
          attempt: 2,
        });
        expect(delivery?.status).toBe('failed');
        return delivery;
      },
      { timeoutMs: 5_000, intervalMs: 25 },
    );
    expect(stored).toMatchObject({ status: 'failed', error: 'The webhook was deleted', next_attempt_at: null });
  });
});

async function eventTime(eventId: string): Promise<string> {
  const { getWebhookEvent } = await import('#shared/store/webhook-events');
  return (await getWebhookEvent(eventId))!.created_at;
}
