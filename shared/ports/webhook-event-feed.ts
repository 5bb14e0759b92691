import type { WebhookEvent } from '#shared/domain/webhook';

/**
 * How a webhook event just recorded reaches the dispatcher. In AWS the table's stream carries
 * every new event item to it, whatever wrote the item, so there is nothing to do here; locally
 * the in-process stand-in (local/webhook-runner.ts) registers a listener. Only a hint: a missed
 * one is found again (the stream retries; locally the start-up recovery), so nothing is lost.
 */
export type WebhookEventListener = (events: WebhookEvent[]) => void;

let listener: WebhookEventListener | undefined;

/** Registers the local listener (the local launcher does); no argument removes it. */
export function useWebhookEventFeed(replacement?: WebhookEventListener): void {
  listener = replacement;
}

/** Tells the dispatcher about events whose write has committed. Never throws, never waits. */
export function announceWebhookEvents(events: WebhookEvent[]): void {
  if (events.length) listener?.(events);
}
