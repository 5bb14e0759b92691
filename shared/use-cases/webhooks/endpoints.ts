import { newId } from '#shared/domain/ids';
import { DEFAULT_WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#shared/domain/webhook-events';
import { DomainError } from '#shared/domain/errors';
import type { AuditActor } from '#shared/domain/audit';
import { auditPutItem } from '#shared/store/audit-log';
import { logger } from '#shared/logger';
import { config } from '#shared/config';
import { quotaExceeded } from '#shared/domain/quotas';
import { retryOnConflict } from '../store-retries';
import { placesTaken } from '#shared/store/quota-counters';
import { clock } from '#shared/ports/clock';
import { recordWebhookEvent } from '#shared/store/webhook-events';
import { type Webhook } from '#shared/domain/webhook';
import { deleteWebhookItem, getWebhookItem, listWebhookItems, putWebhook, toWebhook, type WebhookItem } from '#shared/store/webhooks';
import { announce, testEvent } from './events';
import { newSealedSecret } from './secrets';
import { checkWebhookUrl } from './webhook-url';

export interface CreateWebhookInput {
  url: string;
  events?: WebhookEventType[];
  description?: string;
}

/** Creates an endpoint; its signing secret is in this answer only (stored sealed). */
export async function createWebhook(
  accountId: string,
  input: CreateWebhookInput,
  actor: AuditActor,
): Promise<{ webhook: Webhook; secret: string }> {
  const url = await checkWebhookUrl(input.url);
  // At the quota already: refused before the secret is sealed (a KMS call, shared by every account).
  const limit = config.quotas.webhooks;
  if (((await placesTaken(accountId, 'webhooks')) ?? 0) >= limit) throw quotaExceeded('webhooks', limit);
  const id = newId();
  const { secret, sealed } = await newSealedSecret(accountId, id);
  // Duplicates merged, in the order of the list in docs/api.md, "Webhooks".
  const events = input.events ? WEBHOOK_EVENT_TYPES.filter((type) => input.events?.includes(type)) : [...DEFAULT_WEBHOOK_EVENT_TYPES];
  const description = input.description?.trim() || null;
  const item: WebhookItem = { id, account_id: accountId, url, events, description, created_at: clock.now().toISOString(), secret: sealed };
  // The account's webhook quota (docs/api.md, "Quotas"); concurrent creations on real DynamoDB may cancel each other: again.
  const audit = auditPutItem(
    accountId,
    { actor, action: 'webhook.created', target: { type: 'webhook', id }, details: { url, events } },
    clock.now(),
  );
  if (!(await retryOnConflict(8, 'the webhook count kept changing', () => putWebhook(item, limit, audit))))
    throw quotaExceeded('webhooks', limit);
  logger.appendKeys({ webhook_id: id });
  return { webhook: toWebhook(item), secret };
}

export const listWebhooks = async (accountId: string): Promise<Webhook[]> => (await listWebhookItems(accountId)).map(toWebhook);

/** The account's endpoint, or NOT_FOUND (unknown and another account's alike). */
export async function ownWebhook(accountId: string, webhookId: string): Promise<WebhookItem> {
  logger.appendKeys({ webhook_id: webhookId });
  const webhook = await getWebhookItem(accountId, webhookId);
  if (!webhook) throw new DomainError('NOT_FOUND', {}, { message: 'Webhook not found' });
  return webhook;
}

export const getWebhook = async (accountId: string, webhookId: string): Promise<Webhook> =>
  toWebhook(await ownWebhook(accountId, webhookId));

/** Deletes an endpoint: attempts still queued for it end as failed ("deleted"), nothing more is sent. */
export async function deleteWebhook(accountId: string, webhookId: string, actor: AuditActor): Promise<void> {
  logger.appendKeys({ webhook_id: webhookId });
  const audit = auditPutItem(accountId, { actor, action: 'webhook.deleted', target: { type: 'webhook', id: webhookId } }, clock.now());
  const deleted = await retryOnConflict(8, 'the webhook count kept changing', () => deleteWebhookItem(accountId, webhookId, audit));
  if (!deleted) throw new DomainError('NOT_FOUND', {}, { message: 'Webhook not found' });
}

/** Records a webhook.test event for this one endpoint; it is delivered like any other. */
export async function sendTestEvent(accountId: string, webhookId: string): Promise<{ event_id: string }> {
  await ownWebhook(accountId, webhookId);
  const event = testEvent(accountId, webhookId);
  await recordWebhookEvent(event);
  announce(event);
  return { event_id: event.id };
}
