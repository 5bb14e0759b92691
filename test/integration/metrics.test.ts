import { startFakeLinkedIn, type FakeLinkedIn } from '../fakes/fake-linkedin';
import { openAuthorizationUrl } from '../support/linkedin-browser';
import { captureLogs } from '../support/log-capture';
import { schedulerSettled, webhooksSettled } from '../support/scheduler-settled';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import type { LocalMetricsRunner } from '../../local/metrics-runner';

/**
 * Metrics and analytics (issue 30, docs/api.md "Metrics and analytics") against the fake LinkedIn,
 * with time moved by the clock port: the 1 h collection fires at its time (not before), LinkedIn's
 * counts land in `results.linkedin.metrics`, a platform error is logged with the post id and the
 * next collection tries again, GET /analytics sums a day's posts exactly and checks its range,
 * refreshes are limited, and post.metrics_updated reaches only the endpoints that asked for it.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('metrics and analytics (fake LinkedIn, clock port)', () => {
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let apiKey: string;
  let subscribed: WebhookReceiver;
  let everythingElse: WebhookReceiver;
  let clock: { now(): Date; set(date: Date): void; advance(ms: number): void };
  let runner: LocalMetricsRunner;
  // Noon UTC tomorrow: within the LinkedIn token's 60 days all along (the clock moves 3 weeks at most),
  // and a day's posts stay on that day.
  const start = new Date(Math.floor(Date.now() / DAY) * DAY + DAY + 12 * HOUR);

  beforeAll(async () => {
    linkedin = await startFakeLinkedIn();
    service = await startTestService({
      ...linkedin.settings(),
      LOG_LEVEL: 'WARN',
      RATE_LIMIT_REQUESTS: '1000',
      PUBLISH_RETRY_BASE_MS: '1',
    });
    const ports = await import('#shared/ports/clock');
    clock = ports.fixedClock(start);
    ports.useClock(clock);
    ({ apiKey } = await service.createAccount({ plan: 'pro' }));
    registerSecret(apiKey);
    const authorized = await service.call('POST', '/profiles/linkedin/authorize', { key: apiKey });
    const browser = await openAuthorizationUrl(service.baseUrl, authorized.json.authorization_url);
    const { callbackUrl } = linkedin.approve(browser.linkedInUrl, { sub: 'metrics-member', name: 'Metrics Member' });
    const callback = await service.call('GET', `/profiles/linkedin/callback${new URL(callbackUrl).search}`, {
      headers: { cookie: browser.cookie },
    });
    expect(callback.status).toBe(201);
    // An app approved for the Community Management API: its member tokens may read social actions.
    for (const token of linkedin.tokens('metrics-member')) token.scopes.push('r_member_social');
    subscribed = await startWebhookReceiver();
    everythingElse = await startWebhookReceiver();
    for (const [url, events] of [
      [subscribed.url, ['post.metrics_updated']],
      [everythingElse.url, undefined],
    ] as const) {
      const created = await service.call('POST', '/webhooks', { key: apiKey, body: { url, ...(events ? { events } : {}) } });
      expect(created.status).toBe(201);
      registerSecret(created.json.secret);
    }
    const { metricsQueue } = await import('#shared/ports/registry');
    runner = (await metricsQueue()) as unknown as LocalMetricsRunner;
  }, 60_000);

  afterAll(async () => {
    (await import('#shared/ports/clock')).useClock();
    await subscribed?.stop();
    await everythingElse?.stop();
    await service?.stop();
    await linkedin?.stop();
  });

  /** Publishes a LinkedIn post now (clock time) and returns it once published. */
  async function publish(content: string) {
    const created = await service.call('POST', '/posts', { key: apiKey, body: { content, platforms: ['linkedin'] } });
    expect(created.status).toBe(201);
    await schedulerSettled();
    const post = (await service.call('GET', `/posts/${created.json.post.id}`, { key: apiKey })).json.post;
    expect(post.status).toBe('published');
    return post;
  }

  const getPost = async (id: string) => (await service.call('GET', `/posts/${id}`, { key: apiKey })).json.post;
  const collectAt = async (at: Date) => {
    clock.set(at);
    await runner.settle();
  };

  let first: { id: string; results: { linkedin: { platform_post_id: string } } };

  it('collects at 1 h after publishing through the metrics queue, not before, with LinkedIn counts', async () => {
    first = await publish('Metrics: first post');
    expect(first.results.linkedin).toMatchObject({ status: 'published', metrics: null });
    const urn = first.results.linkedin.platform_post_id;
    // The three collections wait in the queue, at their times (no sleeping function).
    const due = runner.pending().filter(({ task }) => task.post_id === first.id);
    expect(due.map(({ task }) => task.reason)).toEqual(['1h', '24h', '7d']);
    const publishedAt = Date.parse(start.toISOString());
    expect(due.map(({ at }) => at.getTime() - publishedAt)).toEqual([HOUR, DAY, 7 * DAY]);

    linkedin.metrics.setCounts(urn, { likes: 4, comments: 3 });
    await collectAt(new Date(start.getTime() + HOUR - 1000));
    expect((await getPost(first.id)).results.linkedin.metrics).toBeNull();
    expect(linkedin.metrics.reads()).toEqual([]);

    const oneHour = new Date(start.getTime() + HOUR);
    await collectAt(oneHour);
    expect((await getPost(first.id)).results.linkedin.metrics).toEqual({
      likes: 4,
      reposts: null,
      replies: 3,
      quotes: null,
      impressions: null,
      collected_at: oneHour.toISOString(),
    });
    expect(linkedin.metrics.reads()).toEqual([urn]);
  });

  it('logs a platform error with the post id, keeps the figures, and tries again at the next collection', async () => {
    const urn = first.results.linkedin.platform_post_id;
    linkedin.metrics.setCounts(urn, { likes: 9, comments: 5 });
    linkedin.metrics.failNext(1, 500);
    const logs = captureLogs();
    try {
      await collectAt(new Date(start.getTime() + DAY));
    } finally {
      logs.restore();
    }
    const warning = logs
      .text()
      .split('\n')
      .filter((line) => line.includes('platform figures unavailable'))
      .map((line) => JSON.parse(line));
    expect(warning).toHaveLength(1);
    expect(warning[0]).toMatchObject({ post_id: first.id, platform: 'linkedin', reason: '24h' });
    expect(warning[0].cause).toContain('500');
    const kept = (await getPost(first.id)).results.linkedin.metrics;
    expect(kept).toMatchObject({ likes: 4, replies: 3, collected_at: new Date(start.getTime() + HOUR).toISOString() });

    const week = new Date(start.getTime() + 7 * DAY);
    await collectAt(week);
    expect((await getPost(first.id)).results.linkedin.metrics).toMatchObject({ likes: 9, replies: 5, collected_at: week.toISOString() });
    expect(runner.pending().filter(({ task }) => task.post_id === first.id)).toEqual([]);
  });

  it('refreshes on request (202, collected within the queue run), at most once per 5 minutes (429 retry_after)', async () => {
    const urn = first.results.linkedin.platform_post_id;
    linkedin.metrics.setCounts(urn, { likes: 11, comments: 5 });
    const refreshed = await service.call('POST', `/posts/${first.id}/metrics/refresh`, { key: apiKey });
    expect(refreshed.status).toBe(202);
    expect(refreshed.json.post).toMatchObject({ id: first.id, status: 'published' });
    expect(refreshed.json.post.results.linkedin.metrics).toMatchObject({ likes: 9 });
    await runner.settle();
    expect((await getPost(first.id)).results.linkedin.metrics).toMatchObject({ likes: 11, collected_at: clock.now().toISOString() });

    clock.advance(2 * MINUTE);
    const again = await service.call('POST', `/posts/${first.id}/metrics/refresh`, { key: apiKey });
    expect(again.status).toBe(429);
    expect(again.json).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', retry_after: 180 });
    expect(again.headers.get('retry-after')).toBe('180');
    expect(again.json.message).toContain('180 seconds');

    clock.advance(3 * MINUTE);
    expect((await service.call('POST', `/posts/${first.id}/metrics/refresh`, { key: apiKey })).status).toBe(202);
    await runner.settle();
  });

  it('refuses a refresh of a post published nowhere (409 INVALID_POST_STATE), of a read key, and of an unknown post', async () => {
    const later = new Date(clock.now().getTime() + 2 * HOUR).toISOString();
    const scheduled = await service.call('POST', '/posts', {
      key: apiKey,
      body: { content: 'Metrics: not yet', platforms: ['linkedin'], scheduled_for: later },
    });
    expect(scheduled.status).toBe(201);
    const refused = await service.call('POST', `/posts/${scheduled.json.post.id}/metrics/refresh`, { key: apiKey });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: 'INVALID_POST_STATE', status: 'scheduled' });
    expect((await service.call('DELETE', `/posts/${scheduled.json.post.id}`, { key: apiKey })).status).toBe(204);

    const readKey = await service.call('POST', '/keys', { key: apiKey, body: { name: 'reader', scope: 'read' } });
    registerSecret(readKey.json.api_key);
    const byReader = await service.call('POST', `/posts/${first.id}/metrics/refresh`, { key: readKey.json.api_key });
    expect(byReader.status).toBe(403);
    expect(byReader.json).toMatchObject({ error: 'INSUFFICIENT_SCOPE', required_scope: 'write' });
    expect((await service.call('GET', '/analytics?from=2026-01-01&to=2026-01-02', { key: readKey.json.api_key })).status).toBe(200);

    const unknown = await service.call('POST', '/posts/7d0c1b2a-3e4f-4a5b-8c6d-9e0f1a2b3c4d/metrics/refresh', { key: apiKey });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe('POST_NOT_FOUND');
  });

  it("GET /analytics sums the latest figures of each day's posts exactly, one row per day", async () => {
    // A day of its own, two posts 2 minutes apart (LinkedIn's spacing), each refreshed once.
    const day = new Date(start.getTime() + 20 * DAY);
    clock.set(day);
    const a = await publish('Metrics: day post A');
    clock.advance(2 * MINUTE);
    const b = await publish('Metrics: day post B');
    linkedin.metrics.setCounts(a.results.linkedin.platform_post_id, { likes: 5, comments: 1 });
    linkedin.metrics.setCounts(b.results.linkedin.platform_post_id, { likes: 2, comments: 4 });
    for (const post of [a, b]) expect((await service.call('POST', `/posts/${post.id}/metrics/refresh`, { key: apiKey })).status).toBe(202);
    await runner.settle();

    const date = day.toISOString().slice(0, 10);
    const before = new Date(day.getTime() - DAY).toISOString().slice(0, 10);
    const answer = await service.call('GET', `/analytics?from=${before}&to=${date}`, { key: apiKey });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      analytics: {
        from: before,
        to: date,
        platform: null,
        days: [
          { date: before, posts: 0, likes: 0, reposts: 0, replies: 0, quotes: 0, impressions: null, clicks: 0 },
          { date, posts: 2, likes: 7, reposts: 0, replies: 5, quotes: 0, impressions: null, clicks: 0 },
        ],
      },
    });
    const firstDay = start.toISOString().slice(0, 10);
    const week = await service.call('GET', `/analytics?from=${firstDay}&to=${firstDay}&platform=linkedin`, { key: apiKey });
    expect(week.json.analytics).toMatchObject({ platform: 'linkedin', days: [{ date: firstDay, posts: 1, likes: 11, replies: 5 }] });
    const bluesky = await service.call('GET', `/analytics?from=${before}&to=${date}&platform=bluesky`, { key: apiKey });
    expect(bluesky.json.analytics.days.map((row: { posts: number }) => row.posts)).toEqual([0, 0]);
  });

  it.each([
    ['to=2026-01-10', 'from'],
    ['from=2026-01-10', 'to'],
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=2026-01-10&to=2026-1-11', 'to'],
    ['from=2026-01-10&to=2026-01-09', 'to'],
    ['from=2026-01-01&to=2027-01-02', 'to'],
    ['from=2026-01-01&to=2026-01-02&platform=x', 'platform'],
    ['from=2026-01-01&to=2026-01-02&since=1', 'since'],
  ])('GET /analytics?%s is 400 INVALID_FIELD naming %s', async (query, field) => {
    const answer = await service.call('GET', `/analytics?${query}`, { key: apiKey });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: 'INVALID_FIELD', field });
  });

  it('GET /analytics takes 366 days (a leap year), one row each', async () => {
    const answer = await service.call('GET', '/analytics?from=2028-01-01&to=2028-12-31', { key: apiKey });
    expect(answer.status).toBe(200);
    expect(answer.json.analytics.days).toHaveLength(366);
    expect(answer.json.analytics.days[365].date).toBe('2028-12-31');
  });

  it('delivers post.metrics_updated only to the endpoint that subscribed to it', async () => {
    await webhooksSettled();
    const types = (receiver: WebhookReceiver) => receiver.received.map((delivery) => JSON.parse(delivery.body).type as string);
    const metricsEvents = types(subscribed);
    // Collections that recorded figures: 1 h, 7 d and two refreshes of the first post, one refresh each of A and B.
    expect(metricsEvents).toEqual(Array(6).fill('post.metrics_updated'));
    const last = JSON.parse(subscribed.received.find((d) => JSON.parse(d.body).data.post.id === first.id)!.body);
    expect(last.data.post.results.linkedin.metrics).toMatchObject({ likes: 4 });
    expect(types(everythingElse)).not.toContain('post.metrics_updated');
    expect(types(everythingElse).filter((type) => type === 'post.published')).toHaveLength(3);
    const endpoints = (await service.call('GET', '/webhooks', { key: apiKey })).json.webhooks;
    const defaults = endpoints.find((webhook: { url: string }) => webhook.url === everythingElse.url);
    expect(defaults.events).not.toContain('post.metrics_updated');
  });
  it('limits refreshes per account as well (METRICS_REFRESH_ACCOUNT_LIMIT an hour): 429 with retry_after to the window end', async () => {
    const { config } = await import('#shared/config');
    const limit = config.metrics.accountRefreshLimit;
    config.metrics.accountRefreshLimit = 2;
    try {
      // A fresh hour of its own, ten minutes in.
      const hour = Math.floor((start.getTime() + 25 * DAY) / HOUR) * HOUR;
      clock.set(new Date(hour + 10 * MINUTE));
      const p1 = await publish('Metrics: account limit 1');
      clock.advance(2 * MINUTE);
      const p2 = await publish('Metrics: account limit 2');
      clock.advance(2 * MINUTE);
      const refresh = (id: string) => service.call('POST', `/posts/${id}/metrics/refresh`, { key: apiKey });
      expect((await refresh(p1.id)).status).toBe(202);
      expect((await refresh(p2.id)).status).toBe(202);
      // The third post was not refreshed for hours: the account's window holds it, 46 minutes to go.
      const third = await refresh(first.id);
      expect(third.status).toBe(429);
      expect(third.json).toEqual({ error: 'RATE_LIMIT_EXCEEDED', retry_after: 46 * 60, message: expect.stringContaining('account') });
      expect(third.headers.get('retry-after')).toBe(String(46 * 60));
      // Held back by both limits: the later of the two waits, the one after which it can pass.
      expect((await refresh(p1.id)).json).toMatchObject({ retry_after: 46 * 60 });
      clock.set(new Date(hour + HOUR));
      expect((await refresh(first.id)).status).toBe(202);
      await runner.settle();
    } finally {
      config.metrics.accountRefreshLimit = limit;
    }
  });
});
