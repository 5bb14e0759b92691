import type { AnalyticsEntry } from '#shared/domain/analytics';
import { newId } from '#shared/domain/ids';
import type { Platform } from '#shared/domain/platforms';
import type { Post } from '#shared/domain/post';
import { publicationDay, type MetricsTask, type PlatformMetrics, type PostMetrics } from '#shared/domain/post-metrics';
import { toPostView } from '#shared/domain/post-view';
import type { WebhookEvent } from '#shared/domain/webhook';
import { eventBody } from '#shared/domain/webhook-events';
import { logger } from '#shared/logger';
import { readBlueskyMetrics } from '#shared/platforms/bluesky/metrics';
import { readLinkedInMetrics } from '#shared/platforms/linkedin/metrics';
import { clock } from '#shared/ports/clock';
import { recordPostMetrics } from '#shared/store/post-metrics';
import { getPostItem } from '#shared/store/posts';
import { getProfileItem, toPlatformProfile } from '#shared/store/profiles';
import { listWebhookItems } from '#shared/store/webhooks';
import { announce } from '#shared/use-cases/webhooks/events';
import { addClicks } from '../links/post-clicks';

/** The platforms a post went out on (their results `published`). */
export const publishedPlatforms = (post: Post): Platform[] =>
  post.platforms.filter((platform) => post.results[platform]?.status === 'published' && post.results[platform]?.platform_post_id);

/** The post's own first comment, when one went out: the author's reply, not the audience's. */
function ownComment(post: Post, platform: Platform): number {
  const result = post.results[platform] as { first_comment?: { status?: string } } | undefined;
  return result?.first_comment?.status === 'published' ? 1 : 0;
}

async function readPlatform(post: Post, platform: Platform): Promise<PlatformMetrics> {
  const platformPostId = post.results[platform]?.platform_post_id as string;
  if (platform === 'bluesky') return readBlueskyMetrics(post, platformPostId, ownComment(post, platform));
  const profile = await getProfileItem(post.account_id, 'linkedin');
  if (!profile) throw new Error('no LinkedIn profile is connected');
  return readLinkedInMetrics(toPlatformProfile(profile), platformPostId, ownComment(post, platform));
}

/**
 * One collection (docs/api.md, "Metrics and analytics"): reads the figures of every platform the
 * post went out on and records them on the post and its analytics entry, with post.metrics_updated
 * for the endpoints that asked for it. A platform that fails keeps its previous figures; the failure
 * is logged with the post id and the next collection tries again. Never throws for a platform:
 * only a store failure fails the run (and the queue delivers the task again).
 */
export async function collectPostMetrics(task: MetricsTask): Promise<void> {
  const post = await getPostItem(task.post_id);
  if (!post) return logger.info('metrics: post gone (deleted); nothing to collect', { post_id: task.post_id, reason: task.reason });
  logger.appendKeys({ post_id: post.id, account_id: post.account_id });
  const platforms = publishedPlatforms(post);
  const day = publicationDay(platforms.map((platform) => post.results[platform]!));
  if (!day) return logger.info('metrics: post not published on any platform; nothing to collect', { reason: task.reason });
  const metrics: PostMetrics = { ...post.metrics };
  const collected: Platform[] = [];
  await Promise.all(
    platforms.map(async (platform) => {
      try {
        metrics[platform] = await readPlatform(post, platform);
        collected.push(platform);
      } catch (error) {
        logger.warn('metrics: platform figures unavailable; kept the previous ones, tried again at the next collection', {
          post_id: post.id,
          platform,
          reason: task.reason,
          cause: (error as Error).message,
        });
      }
    }),
  );
  // Clicks on tracked links ride along with every collection, so post.metrics_updated carries them (docs/decisions/0279-clicks-reported-with-metrics-collections.md).
  const clicked = await addClicks(post, platforms, metrics, clock.now());
  if (collected.length === 0 && clicked.length === 0) return;
  const entry: AnalyticsEntry = { post_id: post.id, day, platforms, metrics };
  const event = (await wantsMetricsEvents(post.account_id)) ? metricsEvent({ ...post, metrics }) : undefined;
  await recordPostMetrics(post, metrics, entry, event);
  logger.info('metrics collected', { reason: task.reason, platforms: collected, clicks_of: clicked });
  if (event) announce(event);
}

/** Whether any endpoint of the account subscribed to post.metrics_updated (the event is written only then). */
async function wantsMetricsEvents(accountId: string): Promise<boolean> {
  return (await listWebhookItems(accountId)).some((webhook) => webhook.events.includes('post.metrics_updated'));
}

function metricsEvent(post: Post): WebhookEvent {
  const createdAt = clock.now().toISOString();
  return {
    id: newId(),
    account_id: post.account_id,
    event_type: 'post.metrics_updated',
    created_at: createdAt,
    body: eventBody('post.metrics_updated', createdAt, { post: toPostView(post) }),
  };
}
