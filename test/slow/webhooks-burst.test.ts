import { ScriptedPublisher } from '../support/fake-publishers';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { eventually } from '../support/eventually';

/**
 * Acceptance (issue 16): 100 posts finish at once with 3 endpoints, one of which never answers.
 * The two that answer have all 100 events before the hanging one's first request is cut off
 * at the 10 s timeout (so it holds up neither them nor publishing: every post is final while
 * its requests hang), and its attempts end at that timeout, failed and scheduled again. The
 * delay after the last final status is logged (about 1 s on an idle machine, the issue's
 * 5 s target); the assertion is the ordering, which a busy CI machine cannot bend. The posts fall
 * due together by moving the clock port (an offset: event timestamps stay real time plus it),
 * so each event's timestamp tells when its post became final.
 */
const POSTS = 100;
const ATTEMPT_TIMEOUT_MS = 10_000;

describe('100 posts finishing at once, one endpoint hanging', () => {
  let service: TestService;
  const receivers: WebhookReceiver[] = [];
  let key: string;

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' });
    const { usePlatformPublisher } = await import('#shared/platforms/registry');
    usePlatformPublisher('bluesky', new ScriptedPublisher('bluesky'));
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    key = apiKey;
    registerSecret(key);
    await service.connectProfile(accountId, 'bluesky');
    for (let index = 0; index < 3; index += 1) receivers.push(await startWebhookReceiver());
    receivers[2].always('hang');
  });
  afterAll(async () => {
    (await import('#shared/ports/clock')).useClock();
    // Drop the hanging connections first: the service's stop waits for attempts under way.
    for (const receiver of receivers) await receiver.stop();
    await service.stop();
  });

  it('delivers all 100 to the two live endpoints before the hanging one times out, whatever the third does', async () => {
    const webhooks: { id: string; secret: string }[] = [];
    for (const receiver of receivers) {
      const created = await service.call('POST', '/webhooks', { key, body: { url: receiver.url, events: ['post.published'] } });
      registerSecret(created.json.secret);
      webhooks.push({ id: created.json.webhook.id, secret: created.json.secret });
    }
    const at = new Date(Date.now() + 180_000);
    const ids: string[] = [];
    for (let batch = 0; batch < POSTS / 10; batch += 1) {
      const created = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          service.call('POST', '/posts', {
            key,
            body: { content: `Burst post ${batch * 10 + index}`, platforms: ['bluesky'], scheduled_for: at.toISOString() },
          }),
        ),
      );
      created.forEach((response) => ids.push(response.json.post.id));
    }
    expect(new Set(ids).size).toBe(POSTS);

    // All 100 fall due now: "now" jumps to their time and runs on from there.
    const offset = at.getTime() - Date.now();
    const ports = await import('#shared/ports/clock');
    ports.useClock(ports.offsetClock(offset));
    const started = Date.now();
    await Promise.all([receivers[0].waitFor(POSTS, 60_000), receivers[1].waitFor(POSTS, 60_000)]);
    const deliveredAfter = Date.now() - started;
    const hanging = receivers[2].received.length;

    const latencies: number[] = [];
    for (const [index, receiver] of receivers.slice(0, 2).entries()) {
      const events = receiver.verified(webhooks[index].secret);
      expect(events.every((event) => event.type === 'post.published' && event.data.post.status === 'published')).toBe(true);
      expect(new Set(events.map((event) => event.data.post.id))).toEqual(new Set(ids));
      // The event's timestamp is when its post became final (on the moved clock).
      receiver.received.forEach((delivery) => latencies.push(delivery.at - (Date.parse(JSON.parse(delivery.body).timestamp) - offset)));
    }
    const finished = receivers[0].received.map((delivery) => Date.parse(JSON.parse(delivery.body).timestamp) - offset);
    const publishedWithin = Math.max(...finished) - started;
    const afterLastFinal = deliveredAfter - publishedWithin;
    latencies.sort((a, b) => a - b);
    console.log(
      `100 posts, 3 endpoints (1 hanging): all final ${publishedWithin} ms after falling due; both live endpoints had all 100 ${afterLastFinal} ms after the last ` +
        `(${deliveredAfter} ms after falling due); each event after its post's final status: p50 ${latencies[Math.floor(latencies.length / 2)]} ms, max ${latencies.at(-1)} ms; ` +
        `the hanging endpoint then held ${hanging} unanswered requests`,
    );
    // Every live delivery landed before the hanging endpoint's first request could time out.
    const lastLive = Math.max(...receivers.slice(0, 2).flatMap((receiver) => receiver.received.map((delivery) => delivery.at)));
    const firstHanging = Math.min(...receivers[2].received.map((delivery) => delivery.at));
    expect(lastLive).toBeLessThan(firstHanging + ATTEMPT_TIMEOUT_MS);
    // Publishing went on while the hanging endpoint held requests it never answered.
    expect(hanging).toBeGreaterThan(0);

    // The hanging endpoint's attempts end at the 10 s timeout: failed, another attempt scheduled.
    await receivers[2].waitFor(POSTS, 20_000);
    type Row = { attempt: number; status: string; error: string | null; duration_ms: number };
    const rows = await eventually(
      async () => {
        const all: Row[] = [];
        let cursor: string | null = null;
        do {
          const page: { json: { deliveries: Row[]; next_cursor: string | null } } = await service.call(
            'GET',
            `/webhooks/${webhooks[2].id}/deliveries?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
            { key },
          );
          all.push(...page.json.deliveries);
          cursor = page.json.next_cursor;
        } while (cursor);
        expect(all.filter((row) => row.attempt === 1 && row.status === 'failed')).toHaveLength(POSTS);
        return all;
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    const firsts = rows.filter((row) => row.attempt === 1);
    expect(firsts).toHaveLength(POSTS);
    expect(firsts.every((row) => row.status === 'failed' && row.error === 'No answer within 10 s' && row.duration_ms >= 9_900)).toBe(true);
    expect(rows.filter((row) => row.attempt === 2 && row.status === 'pending')).toHaveLength(POSTS);
  }, 180_000);
});
