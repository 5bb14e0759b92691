import type { Platform } from '#shared/domain/platforms';
import type { Post } from '#shared/domain/post';
import type { PlatformMetrics, PostMetrics } from '#shared/domain/post-metrics';
import { clicksOfPost } from '#shared/store/link-clicks';
import { platformsWithTrackedLinks } from '#shared/store/tracked-links';

const NO_FIGURES: Omit<PlatformMetrics, 'collected_at'> = { likes: null, reposts: null, replies: null, quotes: null, impressions: null };

/**
 * Adds the clicks counted so far to the figures of each platform where the post's links went out
 * tracked (docs/api.md, "Tracked links"), in place. Clicks are the service's own count: they are
 * brought up to date even when the platform's figures could not be read this time (those stay as
 * they were). Answers the platforms whose clicks were set. A post that turned tracking off is skipped
 * without a read.
 */
export async function addClicks(post: Post, platforms: Platform[], metrics: PostMetrics, now: Date): Promise<Platform[]> {
  if (post.track_links === false) return [];
  const tracked = await platformsWithTrackedLinks(post.id);
  const counted = platforms.filter((platform) => tracked.has(platform));
  if (counted.length === 0) return [];
  const clicks = await clicksOfPost(post.id);
  for (const platform of counted) {
    const figures = metrics[platform] ?? { ...NO_FIGURES, collected_at: now.toISOString() };
    metrics[platform] = { ...figures, clicks: clicks[platform] ?? 0 };
  }
  return counted;
}
