/**
 * The webhook events (docs/api.md, "Webhooks"): what an endpoint can subscribe to, and the one
 * event it gets without subscribing (`webhook.test`, sent on request).
 */
export const WEBHOOK_EVENT_TYPES = [
  'post.published',
  'post.partially_published',
  'post.failed',
  'profile.needs_reconnect',
  'profile.expiring',
  'post.metrics_updated',
  'inbox.received',
  'inbox.reply_published',
  'inbox.reply_failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Events an endpoint gets only when it names them (a busy account's metrics would drown the rest). */
export const OPT_IN_EVENT_TYPES: readonly WebhookEventType[] = ['post.metrics_updated', 'inbox.received'];
/** What an endpoint created without `events` subscribes to. */
export const DEFAULT_WEBHOOK_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type) => !OPT_IN_EVENT_TYPES.includes(type));

export const TEST_EVENT_TYPE = 'webhook.test';

/** The `type` of the outbox items that record events (the stream's filter in AWS names it too). */
export const WEBHOOK_EVENT_ITEM_TYPE = 'webhook_event';
export type AnyWebhookEventType = WebhookEventType | typeof TEST_EVENT_TYPE;

/** The event a post's final status announces. */
export const postEventType = (status: 'published' | 'partially_published' | 'failed'): WebhookEventType => `post.${status}`;

/** A LinkedIn token this close to its expiry is announced (once per token) by the daily sweep. */
export const EXPIRING_WITHIN_MS = 7 * 24 * 60 * 60_000;

/** The body every delivery of an event carries, byte for byte the same on every attempt. */
export function eventBody(type: AnyWebhookEventType, timestamp: string, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp, data });
}
