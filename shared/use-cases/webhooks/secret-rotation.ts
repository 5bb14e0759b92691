import { type Webhook } from '#shared/domain/webhook';
import { previousSecretsAfterRotation, type PreviousSecret } from '#shared/domain/webhook-secret-rotation';
import { DomainError } from '#shared/domain/errors';
import type { AuditActor } from '#shared/domain/audit';
import { auditPutItem } from '#shared/store/audit-log';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { getWebhookItem, replaceWebhookSecret, toWebhook } from '#shared/store/webhooks';
import { ownWebhook } from './endpoints';
import { newSealedSecret } from './secrets';

/** Rotations racing on one endpoint: each tries again on what the other wrote, this many times. */
const MAX_TRIES = 5;

/**
 * Gives the endpoint a new signing secret (docs/api.md, "Webhooks", "Rotating the secret"), in
 * this answer only (stored sealed); the secret it replaces keeps signing beside it for 24 hours.
 * Another account's or an unknown endpoint: NOT_FOUND. Concurrent rotations are both kept:
 * each replaces the secret it read, or reads again.
 */
export async function rotateWebhookSecret(
  accountId: string,
  webhookId: string,
  actor: AuditActor,
): Promise<{ webhook: Webhook; secret: string }> {
  const audit = auditPutItem(
    accountId,
    { actor, action: 'webhook.secret_rotated', target: { type: 'webhook', id: webhookId } },
    clock.now(),
  );
  let webhook = await ownWebhook(accountId, webhookId);
  const { secret, sealed } = await newSealedSecret(accountId, webhookId);
  let previous: PreviousSecret[];
  for (let tries = 1; ; tries += 1) {
    previous = previousSecretsAfterRotation(webhook.secret, webhook.previous_secrets, clock.now());
    if (await replaceWebhookSecret(accountId, webhookId, { expected: webhook.secret, secret: sealed, previous }, audit)) break;
    const now = await getWebhookItem(accountId, webhookId);
    if (!now) throw new DomainError('NOT_FOUND', {}, { message: 'Webhook not found' });
    // Our own write, its answer lost and the SDK's repeat refused by the condition it met.
    if (now.secret === sealed) break;
    // Nothing of this request was written: a retry (with the same idempotency-key) is the right move.
    if (tries >= MAX_TRIES)
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        {},
        { message: 'Other rotations of this webhook are under way; retry after the retry-after seconds', retryAfterSeconds: 1 },
      );
    webhook = now;
  }
  logger.info('webhook secret rotated', { account_id: accountId, webhook_id: webhookId, secrets_in_force: previous.length + 1 });
  return { webhook: toWebhook(webhook), secret };
}
