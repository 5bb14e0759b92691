import { startConnectedPlatforms, type ConnectedPlatforms } from '../support/connected-platforms';
import { schedulerSettled, webhooksSettled } from '../support/scheduler-settled';
import { registerSecret } from '../support/secret-registry';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { openAuthorizationUrl } from '../support/linkedin-browser';

/**
 * Acceptance (issue 16): a receiver that verifies with the published standardwebhooks library
 * gets, and verifies, every event of the whole service on this machine: a scheduled post that
 * publishes, one that fails (the fake LinkedIn refusing), one partially published, a revoked
 * Bluesky app password (post.failed and profile.needs_reconnect), and a LinkedIn token six days
 * from its expiry (profile.expiring, once, however often the daily sweep runs). Time moves
 * through the clock port (at most a few minutes ahead, inside the receiver's 5-minute tolerance).
 */
describe('webhooks end to end', () => {
  let world: ConnectedPlatforms;
  let receiver: WebhookReceiver;
  let secret: string;
  let clock: { now(): Date; set(date: Date): void };
  const start = new Date();

  beforeAll(async () => {
    world = await startConnectedPlatforms('webhook-member', { RATE_LIMIT_REQUESTS: '1000' });
    receiver = await startWebhookReceiver();
    const created = await world.service.call('POST', '/webhooks', { key: world.apiKey, body: { url: receiver.url } });
    expect(created.status).toBe(201);
    secret = created.json.secret;
    registerSecret(secret);
    const ports = await import('#shared/ports/clock');
    clock = ports.fixedClock(start);
    ports.useClock(clock);
  }, 90_000);
  afterAll(async () => {
    await receiver?.stop();
    await world?.stop();
  });

  /** Schedules a post `seconds` after the start, moves the clock there, and returns the verified event it produced. */
  async function scheduleAndReceive(content: string, platforms: string[], seconds: number) {
    const at = new Date(start.getTime() + seconds * 1000);
    const created = await world.service.call('POST', '/posts', {
      key: world.apiKey,
      body: { content, platforms, scheduled_for: at.toISOString() },
    });
    expect(created.status).toBe(201);
    const before = receiver.received.length;
    clock.set(at);
    await receiver.waitFor(before + 1, 20_000);
    const [event] = receiver.verified(secret, receiver.received.slice(before, before + 1));
    expect(event.data.post.id).toBe(created.json.post.id);
    return event;
  }

  it('announces a scheduled post that publishes to both platforms: post.published, verified', async () => {
    const event = await scheduleAndReceive('Webhooks: published everywhere #e2e', ['linkedin', 'bluesky'], 61);
    expect(event.type).toBe('post.published');
    expect(event.data.post).toMatchObject({
      status: 'published',
      results: { linkedin: { status: 'published' }, bluesky: { status: 'published' } },
    });
    const post = (await world.service.call('GET', `/posts/${event.data.post.id}`, { key: world.apiKey })).json.post;
    expect(event.data.post).toEqual(post);
  });

  it('announces a post LinkedIn refuses: post.failed, verified', async () => {
    world.linkedin.failNextPosts(1, { type: 'status', status: 422, message: 'Field /commentary has invalid text' });
    const event = await scheduleAndReceive('Webhooks: LinkedIn says no', ['linkedin'], 125);
    expect(event.type).toBe('post.failed');
    expect(event.data.post.results.linkedin).toMatchObject({ status: 'failed', error: { code: 'PLATFORM_REJECTED' } });
  });

  it('announces a post published on one platform only: post.partially_published, verified', async () => {
    world.linkedin.failNextPosts(1, { type: 'status', status: 422, message: 'Field /commentary has invalid text' });
    const event = await scheduleAndReceive('Webhooks: half of it', ['linkedin', 'bluesky'], 190);
    expect(event.type).toBe('post.partially_published');
    expect(event.data.post.results).toMatchObject({ linkedin: { status: 'failed' }, bluesky: { status: 'published' } });
  });

  it('announces a revoked Bluesky app password: post.failed and profile.needs_reconnect (once), verified', async () => {
    const { getProfileItem, updateProfileCredentials } = await import('#shared/store/profiles');
    const { openCredentials, sealCredentials } = await import('#shared/platforms/bluesky/credentials');
    const account = await accountOf(world.apiKey);
    const item = (await getProfileItem(account, 'bluesky'))!;
    const owner = { accountId: account, profileId: item.id };
    const credentials = await openCredentials(item.credentials, owner);
    await world.pds.revokeAppPassword(world.alice);
    // The PDS honours an access token issued before the revoke until it expires: age it.
    credentials.session.accessJwt = 'expired';
    await updateProfileCredentials(account, 'bluesky', item.id, await sealCredentials(credentials, owner));

    const before = receiver.received.length;
    // Two posts meet the revoked password; the profile is flagged (and announced) once.
    for (const content of ['Webhooks: cannot go out', 'Webhooks: still cannot']) {
      const created = await world.service.call('POST', '/posts', { key: world.apiKey, body: { content, platforms: ['bluesky'] } });
      expect(created.status).toBe(201);
      const awaited = receiver.received.length + (content.includes('still') ? 1 : 2);
      await receiver.waitFor(awaited, 20_000);
    }
    // Every publisher run ended and every webhook attempt made: no further event is on its way (no sleep).
    await schedulerSettled();
    await webhooksSettled();
    const events = receiver.verified(secret, receiver.received.slice(before));
    expect(events.map((event) => event.type).sort()).toEqual(['post.failed', 'post.failed', 'profile.needs_reconnect']);
    const reconnect = events.find((event) => event.type === 'profile.needs_reconnect')!;
    expect(reconnect.data.profile).toMatchObject({ id: item.id, platform: 'bluesky', needs_reconnect: true });
  });

  it('announces a LinkedIn token six days from expiry once (profile.expiring), however often the sweep runs', async () => {
    const other = await world.service.createAccount({ plan: 'pro' });
    registerSecret(other.apiKey);
    const otherReceiver = await startWebhookReceiver();
    try {
      const created = await world.service.call('POST', '/webhooks', {
        key: other.apiKey,
        body: { url: otherReceiver.url, events: ['profile.expiring'] },
      });
      registerSecret(created.json.secret);
      world.linkedin.setTokenLifetime(6 * 24 * 60 * 60);
      const authorized = await world.service.call('POST', '/profiles/linkedin/authorize', { key: other.apiKey });
      const browser = await openAuthorizationUrl(world.service.baseUrl, authorized.json.authorization_url);
      const { callbackUrl } = world.linkedin.approve(browser.linkedInUrl, {
        sub: 'expiring-member',
        name: 'Expiring Member',
      });
      const connected = await world.service.call('GET', `/profiles/linkedin/callback${new URL(callbackUrl).search}`, {
        headers: { cookie: browser.cookie },
      });
      expect(connected.status).toBe(201);

      const { invokeExpirySweep } = await import('../../local/webhook-invokers');
      await invokeExpirySweep();
      await invokeExpirySweep();
      await otherReceiver.waitFor(1);
      await webhooksSettled();
      const events = otherReceiver.verified(created.json.secret);
      expect(events).toEqual([{ id: expect.any(String), type: 'profile.expiring', data: { profile: connected.json.profile } }]);
      expect(Date.parse(connected.json.profile.expires_at) - clock.now().getTime()).toBeGreaterThan(5.9 * 86_400_000);
      // The first account's token has 60 days left: nothing for it.
      expect(receiver.verified(secret).filter((event) => event.type === 'profile.expiring')).toEqual([]);
    } finally {
      await otherReceiver.stop();
    }
  });

  it('delivered every event once, each verified', () => {
    const events = receiver.verified(secret);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    expect(events.map((event) => event.type)).toEqual([
      'post.published',
      'post.failed',
      'post.partially_published',
      ...events.slice(3).map((event) => event.type),
    ]);
    expect(events).toHaveLength(6);
  });
});

async function accountOf(apiKey: string): Promise<string> {
  const { hashApiKey } = await import('#shared/domain/api-key-values');
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('#shared/store/client');
  const { apiKeyLookupKey } = await import('#shared/store/api-keys');
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: apiKeyLookupKey(hashApiKey(apiKey)) }));
  return Item!.account_id as string;
}
