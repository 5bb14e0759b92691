import { Webhook } from 'standardwebhooks';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from '#shared/domain/webhook-retry';
import { generateWebhookSecret, SECRET_PATTERN, signedHeaders } from '#shared/domain/webhook-signature';
import {
  MAX_PREVIOUS_SECRETS,
  previousSecretsAfterRotation,
  ROTATION_GRACE_MS,
  signingSecrets,
} from '#shared/domain/webhook-secret-rotation';
import { parseDeliveryTask } from '#shared/use-cases/webhooks/delivery-task';

/**
 * Pure rules of webhooks: Standard Webhooks signatures as the published library computes and
 * verifies them (and the specification's own example), the retry schedule of docs/api.md, "Webhooks" with its
 * jitter bounds, and what the queue accepts as a delivery task.
 */
describe('webhook signatures', () => {
  it("match the Standard Webhooks specification's example", () => {
    // From the specification (standard-webhooks/spec/standard-webhooks.md, "Signature scheme").
    const headers = signedHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330_000),
      '{"test": 2432232314}',
    );
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('verify with the published standardwebhooks library, and fail with another secret or another body', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(SECRET_PATTERN);
    const body = JSON.stringify({
      type: 'post.published',
      timestamp: '2026-11-23T10:00:00.000Z',
      data: { post: { id: 'x', content: 'ünïcødé 🚀' } },
    });
    const headers = signedHeaders(secret, '7d1e2f3a-0000-4000-8000-000000000000', new Date(), body);
    expect(new Webhook(secret).verify(body, headers as unknown as Record<string, string>)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers as unknown as Record<string, string>)).toThrow(
      'No matching signature',
    );
    expect(() => new Webhook(secret).verify(body.replace('x', 'y'), headers as unknown as Record<string, string>)).toThrow(
      'No matching signature',
    );
  });

  it('carry one signature per secret, space-separated, each verifying alone with the library', () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const body = '{"type":"webhook.test"}';
    const headers = signedHeaders([current, previous], '7d1e2f3a-0000-4000-8000-000000000000', new Date(), body);
    const parts = headers['webhook-signature'].split(' ');
    expect(parts).toEqual([
      signedHeaders(current, headers['webhook-id'], new Date(), body)['webhook-signature'],
      signedHeaders(previous, headers['webhook-id'], new Date(), body)['webhook-signature'],
    ]);
    for (const secret of [current, previous]) {
      expect(new Webhook(secret).verify(body, headers as unknown as Record<string, string>)).toEqual(JSON.parse(body));
    }
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers as unknown as Record<string, string>)).toThrow(
      'No matching signature',
    );
  });

  it('draw fresh 32-byte secrets', () => {
    const secrets = new Set(Array.from({ length: 50 }, generateWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
  });
});

describe('the retry schedule', () => {
  it('waits about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up: eight attempts', () => {
    expect(RETRY_DELAYS_MS).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect(RETRY_DELAYS_MS.map((_, index) => retryDelayMs(index + 1, () => 0.5))).toEqual([...RETRY_DELAYS_MS]);
    expect(retryDelayMs(8)).toBeUndefined();
  });

  it('jitters each wait within ±10 %', () => {
    RETRY_DELAYS_MS.forEach((base, index) => {
      expect(retryDelayMs(index + 1, () => 0)).toBe(Math.round(base * 0.9));
      expect(retryDelayMs(index + 1, () => 0.999999)).toBeLessThanOrEqual(Math.round(base * 1.1));
    });
    const draws = new Set(Array.from({ length: 100 }, () => retryDelayMs(1)));
    expect(draws.size).toBeGreaterThan(50);
  });
});

describe('secret rotation', () => {
  const at = (iso: string) => new Date(iso);

  it('keeps the replaced secret signing for 24 hours, then only the current one', () => {
    const previous = previousSecretsAfterRotation('sealed-0', undefined, at('2026-11-23T10:00:00.000Z'));
    expect(previous).toEqual([{ secret: 'sealed-0', until: '2026-11-24T10:00:00.000Z' }]);
    expect(ROTATION_GRACE_MS).toBe(24 * 3_600_000);
    const webhook = { secret: 'sealed-1', previous_secrets: previous };
    expect(signingSecrets(webhook, at('2026-11-24T09:59:59.999Z'))).toEqual(['sealed-1', 'sealed-0']);
    expect(signingSecrets(webhook, at('2026-11-24T10:00:00.000Z'))).toEqual(['sealed-1']);
    expect(signingSecrets({ secret: 'sealed-0' }, at('2026-11-23T10:00:00.000Z'))).toEqual(['sealed-0']);
  });

  it('keeps each earlier secret for its own 24 hours, newest first, at most three, dropping expired ones', () => {
    let previous = previousSecretsAfterRotation('s0', undefined, at('2026-11-23T10:00:00.000Z'));
    previous = previousSecretsAfterRotation('s1', previous, at('2026-11-23T11:00:00.000Z'));
    expect(previous.map((entry) => entry.secret)).toEqual(['s1', 's0']);
    previous = previousSecretsAfterRotation('s2', previous, at('2026-11-23T12:00:00.000Z'));
    previous = previousSecretsAfterRotation('s3', previous, at('2026-11-23T13:00:00.000Z'));
    expect(previous.map((entry) => entry.secret)).toEqual(['s3', 's2', 's1']);
    expect(previous).toHaveLength(MAX_PREVIOUS_SECRETS);
    // A day after s2 was replaced, s1 and s2 are out; s3 has an hour left.
    const later = previousSecretsAfterRotation('s4', previous, at('2026-11-24T12:00:00.000Z'));
    expect(later).toEqual([
      { secret: 's4', until: '2026-11-25T12:00:00.000Z' },
      { secret: 's3', until: '2026-11-24T13:00:00.000Z' },
    ]);
  });
});

describe('delivery tasks from the queue', () => {
  const task = {
    webhook_id: '5b7c9d1e-2f3a-4b5c-8d6e-7f8a9b0c1d2e',
    account_id: '7194baae-2c1d-4e3f-8a9b-0c1d2e3f4a5b',
    event_id: '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d',
    event_created_at: '2026-11-23T10:00:00.000Z',
    attempt: 2,
    due_at: '2026-11-23T10:00:05.000Z',
  };

  it('are read from the message body', () => {
    expect(parseDeliveryTask(JSON.stringify(task))).toEqual(task);
    expect(parseDeliveryTask({ ...task, attempt: 1, endpoint: { url: 'https://x.example/', secret: 'v1.a.b.c' } })).toMatchObject({
      attempt: 1,
    });
    const endpoint = { url: 'https://x.example/', secret: 'v1.a.b.c', previous_secrets: [{ secret: 'v1.d.e.f', until: task.due_at }] };
    expect(parseDeliveryTask(JSON.stringify({ ...task, attempt: 1, endpoint }))).toEqual({ ...task, attempt: 1, endpoint });
  });

  it.each([
    ['not JSON', '{'],
    ['no webhook', { ...task, webhook_id: undefined }],
    ['a webhook that is not an id', { ...task, webhook_id: '../../etc' }],
    ['attempt 0', { ...task, attempt: 0 }],
    ['a fractional attempt', { ...task, attempt: 1.5 }],
    ['a due time that is not one', { ...task, due_at: 'soon' }],
    ['an endpoint without its secret', { ...task, endpoint: { url: 'https://x.example/' } }],
    ['replaced secrets that are not a list', { ...task, endpoint: { url: 'https://x.example/', secret: 's', previous_secrets: 's0' } }],
    [
      'a replaced secret without its end',
      { ...task, endpoint: { url: 'https://x.example/', secret: 's', previous_secrets: [{ secret: 's0' }] } },
    ],
  ])('refuse %s', (_label, body) => {
    expect(parseDeliveryTask(typeof body === 'string' ? body : JSON.stringify(body))).toBeUndefined();
  });
});
