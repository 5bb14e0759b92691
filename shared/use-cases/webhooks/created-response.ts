import { secretBox } from '#shared/ports/registry';

/**
 * POST /webhooks and POST /webhooks/{id}/rotate-secret honour idempotency-key: a replay must
 * show the same secret, but the stored response may not hold it in plain text. So the record keeps it sealed (bound to the account
 * and the webhook, as the webhook's own copy is) and a replay opens it.
 */
interface Created {
  webhook: { id: string };
  secret?: string;
  sealed_secret?: string;
}

export async function concealCreatedWebhook(body: string, accountId: string): Promise<string> {
  const { secret, ...rest } = JSON.parse(body) as Created;
  if (secret === undefined) return body;
  const sealed = await (await secretBox()).seal(secret, { account_id: accountId, webhook_id: rest.webhook.id });
  return JSON.stringify({ ...rest, sealed_secret: sealed });
}

export async function revealCreatedWebhook(stored: string, accountId: string): Promise<string> {
  const { sealed_secret: sealed, ...rest } = JSON.parse(stored) as Created;
  if (sealed === undefined) return stored;
  const secret = await (await secretBox()).open(sealed, { account_id: accountId, webhook_id: rest.webhook.id });
  return JSON.stringify({ ...rest, secret });
}
