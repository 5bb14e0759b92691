import { newId } from '#shared/domain/ids';
import { toPostView } from '#shared/domain/post-view';
import { eventBody, postEventType, TEST_EVENT_TYPE, type AnyWebhookEventType } from '#shared/domain/webhook-events';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { announceWebhookEvents } from '#shared/ports/webhook-event-feed';
import type { Post } from '#shared/domain/post';
import type { PostStatus } from '#shared/domain/post-status';
import { flagProfileNeedsReconnect, toProfile, type ProfileItem } from '#shared/store/profiles';
import type { WebhookEvent } from '#shared/domain/webhook';
import { publicVersionOf } from '#shared/domain/post';

/**
 * The webhook events of the service's state changes (docs/api.md, "Webhooks"). Each is built here
 * and written by the store in the same transaction as the change itself (the outbox), then
 * announced to the dispatcher once that write has committed.
 */
function event(accountId: string, type: AnyWebhookEventType, data: Record<string, unknown>, webhookId?: string): WebhookEvent {
  const createdAt = clock.now().toISOString();
  return {
    id: newId(),
    account_id: accountId,
    event_type: type,
    created_at: createdAt,
    body: eventBody(type, createdAt, data),
    ...(webhookId ? { webhook_id: webhookId } : {}),
  };
}

/** post.published / post.partially_published / post.failed, with the post as GET /posts/{id} shows it once final. */
export function postFinishedEvent(
  post: Post,
  status: Exclude<PostStatus, 'draft' | 'scheduled' | 'publishing'>,
  publishedAt: string | null,
): WebhookEvent {
  // The post as its final write leaves it: that write moves the public version one up (shared/store/post-publication.ts).
  const final = { ...post, status, published_at: publishedAt, revision: publicVersionOf(post) + 1 };
  return event(post.account_id, postEventType(status), { post: toPostView(final) });
}

export function profileEvent(type: 'profile.needs_reconnect' | 'profile.expiring', profile: ProfileItem): WebhookEvent {
  return event(profile.account_id, type, { profile: toProfile(profile) });
}

export function testEvent(accountId: string, webhookId: string): WebhookEvent {
  return event(accountId, TEST_EVENT_TYPE, { webhook_id: webhookId, message: 'This is a test event sent on request.' }, webhookId);
}

/** After the write that recorded them has committed: hands the events to the dispatcher. */
export function announce(...events: WebhookEvent[]): void {
  for (const recorded of events) logger.info('webhook event recorded', { event_id: recorded.id, event_type: recorded.event_type });
  announceWebhookEvents(events);
}

/**
 * Flags a profile whose credentials a platform found revoked or expired, with its
 * profile.needs_reconnect event in the same write (only the first time: one event per profile).
 */
export async function markProfileNeedsReconnect(profile: ProfileItem): Promise<void> {
  const needsReconnect = profileEvent('profile.needs_reconnect', { ...profile, needs_reconnect: true });
  if (await flagProfileNeedsReconnect(profile, needsReconnect)) announce(needsReconnect);
}
