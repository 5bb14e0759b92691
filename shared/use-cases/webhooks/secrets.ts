import { generateWebhookSecret } from '#shared/domain/webhook-signature';
import { secretBox } from '#shared/ports/registry';
import type { WebhookItem } from '#shared/store/webhooks';

/**
 * Webhook signing secrets, sealed by the secret box (bound to the account and the webhook) and
 * opened only to sign. Opened ones are kept in memory for a while: in AWS each open is a KMS
 * call, and one endpoint receives many events. Never logged.
 */
const OPENED_TTL_MS = 5 * 60_000;
const MAX_OPENED = 500;
/** By sealed value: a webhook's sealed secret never changes, and a new webhook has a new one. */
const opened = new Map<string, { secret: string; until: number }>();

export async function newSealedSecret(accountId: string, webhookId: string): Promise<{ secret: string; sealed: string }> {
  const secret = generateWebhookSecret();
  return { secret, sealed: await (await secretBox()).seal(secret, { account_id: accountId, webhook_id: webhookId }) };
}

export async function openWebhookSecret(webhook: Pick<WebhookItem, 'id' | 'account_id' | 'secret'>): Promise<string> {
  const cached = opened.get(webhook.secret);
  if (cached && cached.until > Date.now()) return cached.secret;
  // Opening checks the account and webhook the value was sealed for, so a copied value does not open.
  const secret = await (await secretBox()).open(webhook.secret, { account_id: webhook.account_id, webhook_id: webhook.id });
  if (opened.size >= MAX_OPENED) opened.clear();
  opened.set(webhook.secret, { secret, until: Date.now() + OPENED_TTL_MS });
  return secret;
}
