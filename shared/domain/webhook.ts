import type { AnyWebhookEventType, WebhookEventType } from './webhook-events';

/** A webhook endpoint's public fields (docs/api.md, "Webhooks"). */
export interface Webhook {
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  created_at: string;
}

/** One event of the webhook outbox: recorded with the state change it announces. */
export interface WebhookEvent {
  id: string;
  account_id: string;
  event_type: AnyWebhookEventType;
  /** When the state changed (the body's `timestamp`). */
  created_at: string;
  /** The exact bytes every delivery sends and signs. */
  body: string;
  /** webhook.test: the one endpoint it is for; absent: every subscribed endpoint of the account. */
  webhook_id?: string;
  /** Set once the dispatcher has made the event's deliveries. */
  dispatched_at?: string;
}

/** Names one delivery attempt of one event to one endpoint. */
export interface DeliveryRef {
  webhook_id: string;
  event_id: string;
  event_created_at: string;
  attempt: number;
}
