import { newId } from '#shared/domain/ids';
import { toInboxItemView, type InboxItem } from '#shared/domain/inbox';
import type { WebhookEvent } from '#shared/domain/webhook';
import { eventBody, type WebhookEventType } from '#shared/domain/webhook-events';
import { clock } from '#shared/ports/clock';
import { listWebhookItems } from '#shared/store/webhooks';

type InboxEventType = Extract<WebhookEventType, `inbox.${string}`>;

/**
 * The inbox's webhook events (docs/api.md, "Webhooks"), written only when some endpoint of the
 * account subscribed to the type (the outbox holds what will be delivered, nothing more):
 * inbox.received is opt-in, inbox.reply_published and inbox.reply_failed are in the default list.
 */
export async function inboxEventFor(type: InboxEventType, item: InboxItem): Promise<WebhookEvent | undefined> {
  const webhooks = await listWebhookItems(item.account_id);
  if (!webhooks.some((webhook) => webhook.events.includes(type))) return undefined;
  return inboxEvent(type, item);
}

export function inboxEvent(type: InboxEventType, item: InboxItem): WebhookEvent {
  const createdAt = clock.now().toISOString();
  return {
    id: newId(),
    account_id: item.account_id,
    event_type: type,
    created_at: createdAt,
    body: eventBody(type, createdAt, { item: toInboxItemView(item) }),
  };
}

/** Whether the account wants inbox.received: asked once per collection round. */
export async function wantsReceivedEvents(accountId: string): Promise<boolean> {
  return (await listWebhookItems(accountId)).some((webhook) => webhook.events.includes('inbox.received'));
}
