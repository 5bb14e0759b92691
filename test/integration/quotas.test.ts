import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { smallJpeg } from '../support/images';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type CallResult, type TestService } from '../support/test-service';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Quotas on what every account shares (docs/api.md, "Quotas"; issue 38 item 6): keys, webhook
 * endpoints and pending uploads, each refused at its limit with 409 QUOTA_EXCEEDED, `quota` and
 * `limit`, never passed under concurrent requests (DynamoDB Local), and freed by a deletion (and
 * for uploads a completion or the expiry). The default limits unless a test says otherwise.
 */
const DAY = 24 * 60 * 60 * 1000;

describe('quotas', () => {
  let service: TestService;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.stop();
    await service.stop();
  });

  const account = async () => {
    const created = await service.createAccount();
    registerSecret(created.apiKey);
    return created;
  };
  const exceeded = (quota: string, limit: number) => ({ error: 'QUOTA_EXCEEDED', message: expect.any(String), quota, limit });
  const statuses = (answers: CallResult[]) => answers.map((answer) => answer.status);
  const count = (answers: CallResult[], status: number) => answers.filter((answer) => answer.status === status).length;

  describe('webhooks (20)', () => {
    const create = (key: string) => service.call('POST', '/webhooks', { key, body: { url: receiver.url } });

    it('lets exactly 5 of 30 concurrent creations through at 15 existing, then frees a place on delete', async () => {
      const { apiKey } = await account();
      for (let index = 0; index < 15; index += 1) registerSecret((await create(apiKey)).json.secret);
      const answers = await Promise.all(Array.from({ length: 30 }, () => create(apiKey)));
      answers.filter((answer) => answer.status === 201).forEach((answer) => registerSecret(answer.json.secret));
      expect(count(answers, 201)).toBe(5);
      expect(count(answers, 409)).toBe(25);
      expect(answers.find((answer) => answer.status === 409)?.json).toEqual(exceeded('webhooks', 20));
      expect(answers.find((answer) => answer.status === 409)?.json.message).toContain('DELETE /webhooks/{id}');
      const listed = (await service.call('GET', '/webhooks', { key: apiKey })).json.webhooks as { id: string }[];
      expect(listed).toHaveLength(20);

      expect((await service.call('DELETE', `/webhooks/${listed[0].id}`, { key: apiKey })).status).toBe(204);
      const again = await create(apiKey);
      expect(again.status).toBe(201);
      registerSecret(again.json.secret);
      expect((await create(apiKey)).json).toEqual(exceeded('webhooks', 20));
    });

    it('holds in the creating transaction itself, whatever the look before it saw', async () => {
      // The use case looks at the count before sealing a secret; the limit is the transaction's
      // condition: 30 stores at once at 15 existing, none of them having looked first.
      const { accountId, apiKey } = await account();
      for (let index = 0; index < 15; index += 1) registerSecret((await create(apiKey)).json.secret);
      const { putWebhook } = await import('#shared/store/webhooks');
      const stored = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          putWebhook(
            {
              id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
              account_id: accountId,
              url: receiver.url,
              events: ['post.failed'],
              description: null,
              created_at: new Date().toISOString(),
              secret: 'sealed-elsewhere',
            },
            20,
          ),
        ),
      );
      expect(stored.filter(Boolean)).toHaveLength(5);
      expect((await service.call('GET', '/webhooks', { key: apiKey })).json.webhooks).toHaveLength(20);
    });
  });

  describe('keys (100)', () => {
    const create = (key: string, name = 'a key') => service.call('POST', '/keys', { key, body: { name } });

    it('never passes 100 under concurrent creations, however the key is made, and a deleted key frees its place', async () => {
      const { accountId, apiKey } = await account(); // its first key counts: 99 places left
      const answers = await Promise.all(Array.from({ length: 110 }, (_, index) => create(apiKey, `key ${index}`)));
      answers.filter((answer) => answer.status === 201).forEach((answer) => registerSecret(answer.json.api_key));
      expect(count(answers, 201)).toBe(99);
      expect(statuses(answers).filter((status) => status !== 201 && status !== 409)).toEqual([]);
      expect(answers.find((answer) => answer.status === 409)?.json).toEqual(exceeded('keys', 100));
      const listed = (await service.call('GET', '/keys', { key: apiKey })).json.keys as { id: string }[];
      expect(listed).toHaveLength(100);

      // The admin command and the dashboard make keys through the same use case: refused as well.
      const { createApiKey } = await import('#shared/use-cases/keys');
      await expect(createApiKey(accountId, 'by the admin command')).rejects.toMatchObject({
        code: 'QUOTA_EXCEEDED',
        extras: { quota: 'keys', limit: 100 },
      });

      const other = listed.find((key) => key.id !== listed[0].id)!;
      expect((await service.call('DELETE', `/keys/${other.id}`, { key: apiKey })).status).toBe(204);
      const made = await createApiKey(accountId, 'by the admin command');
      registerSecret(made.apiKey);
      expect((await create(apiKey)).json).toEqual(exceeded('keys', 100));
    });

    it('counts the keys of an account made before the quota once, on its first key change', async () => {
      const { accountId, apiKey } = await account();
      const { config } = await import('#shared/config');
      const limit = config.quotas.keys;
      config.quotas.keys = 4;
      try {
        for (const name of ['two', 'three']) registerSecret((await create(apiKey, name)).json.api_key);
        // What an account of the previous version looks like: three keys and no counter.
        const { db, tableName } = await import('#shared/store/client');
        const { quotaCounterKey } = await import('#shared/store/quota-counters');
        await db.send(new DeleteCommand({ TableName: tableName, Key: quotaCounterKey(accountId, 'keys') }));
        const fourth = await create(apiKey, 'four');
        expect(fourth.status).toBe(201);
        registerSecret(fourth.json.api_key);
        expect((await create(apiKey, 'five')).json).toEqual(exceeded('keys', 4));

        // A deletion on an uncounted account counts first as well, then frees exactly one place.
        await db.send(new DeleteCommand({ TableName: tableName, Key: quotaCounterKey(accountId, 'keys') }));
        expect((await service.call('DELETE', `/keys/${fourth.json.key.id}`, { key: apiKey })).status).toBe(204);
        const again = await create(apiKey, 'four again');
        expect(again.status).toBe(201);
        registerSecret(again.json.api_key);
        expect((await create(apiKey, 'five')).json).toEqual(exceeded('keys', 4));
      } finally {
        config.quotas.keys = limit;
      }
    });
  });

  describe('pending uploads (50, or 5 GB declared)', () => {
    const declare = (key: string, size = 1000) =>
      service.call('POST', '/media', { key, body: { content_type: 'image/jpeg', size_bytes: size } });

    it('lets exactly 50 of 60 concurrent declarations through; completing, deleting and expiry free a place', async () => {
      const { apiKey } = await account();
      const bytes = await smallJpeg();
      const answers = await Promise.all(Array.from({ length: 60 }, () => declare(apiKey, bytes.length)));
      expect(count(answers, 201)).toBe(50);
      expect(count(answers, 409)).toBe(10);
      const refusal = answers.find((answer) => answer.status === 409)!.json;
      expect(refusal).toEqual(exceeded('pending_media', 50));
      expect(refusal.message).toContain('DELETE /media/{id}');
      const declared = answers.filter((answer) => answer.status === 201).map((answer) => answer.json);

      // Completing one frees its place: ready media is not pending.
      const first = declared[0];
      expect((await fetch(first.upload.url, { method: 'PUT', headers: first.upload.headers, body: bytes })).status).toBe(200);
      expect((await service.call('POST', `/media/${first.media.id}/complete`, { key: apiKey })).status).toBe(200);
      expect((await declare(apiKey)).status).toBe(201);
      expect((await declare(apiKey)).json).toEqual(exceeded('pending_media', 50));

      // Deleting one frees its place.
      expect((await service.call('DELETE', `/media/${declared[1].media.id}`, { key: apiKey })).status).toBe(204);
      expect((await declare(apiKey)).status).toBe(201);
      expect((await declare(apiKey)).json.error).toBe('QUOTA_EXCEEDED');

      // A day later every upload never completed has expired: all 50 places are free again.
      const ports = await import('#shared/ports/clock');
      const clock = ports.offsetClock();
      ports.useClock(clock);
      try {
        clock.advance(DAY + 1000);
        const later = await Promise.all(Array.from({ length: 50 }, () => declare(apiKey)));
        expect(count(later, 201)).toBe(50);
        expect((await declare(apiKey)).json).toEqual(exceeded('pending_media', 50));
      } finally {
        ports.useClock();
      }
    });

    it('caps the declared size pending: limit in bytes', async () => {
      const { apiKey } = await account();
      const { config } = await import('#shared/config');
      const limit = config.quotas.pendingMediaBytes;
      config.quotas.pendingMediaBytes = 2500;
      try {
        expect((await declare(apiKey, 1000)).status).toBe(201);
        const second = await declare(apiKey, 1500);
        expect(second.status).toBe(201);
        const third = await declare(apiKey, 1);
        expect(third.status).toBe(409);
        expect(third.json).toEqual(exceeded('pending_media', 2500));
        expect(third.json.message).toContain('bytes');
        expect((await declare(apiKey, 2501)).json).toEqual(exceeded('pending_media', 2500));
        expect((await service.call('DELETE', `/media/${second.json.media.id}`, { key: apiKey })).status).toBe(204);
        expect((await declare(apiKey, 1500)).status).toBe(201);
      } finally {
        config.quotas.pendingMediaBytes = limit;
      }
    });
  });
});
