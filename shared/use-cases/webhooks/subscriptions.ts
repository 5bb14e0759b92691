import type { WebhookEventType } from '#shared/domain/webhook-events';
import { listWebhookItems } from '#shared/store/webhooks';

/**
 * Whether any endpoint of the account subscribes to this event type: an event no endpoint wants
 * is not written at all (no outbox item, no dispatcher run, no mark), which is most publishes of
 * most accounts (docs/decisions/0173-a-lean-webhook-outbox.md). One strongly consistent Query of
 * the account's endpoints (1 read unit for up to 4 KB of them, none found: 1), read just before
 * the write that would record the event: an endpoint created in the milliseconds between may miss
 * that one event, as one created just after it would.
 */
export async function subscribedTo(accountId: string, type: WebhookEventType): Promise<boolean> {
  return (await listWebhookItems(accountId)).some((webhook) => webhook.events.includes(type));
}
