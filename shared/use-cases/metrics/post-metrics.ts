import type { Resource } from '#shared/domain/api-types.gen';
import { analyticsDays, analyticsRows } from '#shared/domain/analytics';
import { DomainError } from '#shared/domain/errors';
import type { Platform } from '#shared/domain/platforms';
import type { Post } from '#shared/domain/post';
import { publicationDay, REFRESH_INTERVAL_MS, refreshWaitSeconds, SCHEDULED_COLLECTIONS } from '#shared/domain/post-metrics';
import { toPostView, type PostView } from '#shared/domain/post-view';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { metricsQueue } from '#shared/ports/registry';
import { claimMetricsRefresh, putAnalyticsEntry, queryAnalyticsEntries, type RefreshWindow } from '#shared/store/post-metrics';
import { config } from '#shared/config';
import { retryOnConflict } from '../store-retries';
import { getPostItem } from '#shared/store/posts';
import { publishedPlatforms } from './collect-metrics';

/**
 * After a post's final status: its analytics entry, and its collections 1 h, 24 h and 7 days on,
 * handed to the metrics queue (docs/decisions/0048-metrics-collection.md). Never fails the publication:
 * a failure is logged with the post id (the post keeps its figures null until a refresh).
 */
export async function startMetricsCollection(post: Post): Promise<void> {
  try {
    const platforms = publishedPlatforms(post);
    const day = publicationDay(platforms.map((platform) => post.results[platform]!));
    if (!day) return;
    await putAnalyticsEntry(post.account_id, { post_id: post.id, day, platforms });
    const queue = await metricsQueue();
    const now = clock.now().getTime();
    for (const { reason, afterMs } of SCHEDULED_COLLECTIONS) await queue.send({ post_id: post.id, reason }, new Date(now + afterMs));
  } catch (error) {
    logger.error('metrics: collections not arranged for a published post', { post_id: post.id, error: error as Error });
  }
}

/**
 * POST /posts/{id}/metrics/refresh: the post as it stands (202), its figures read within seconds.
 * A post published nowhere: INVALID_POST_STATE; a refresh within 5 minutes of the last, or past
 * the account's refreshes for the hour: 429.
 */
export async function refreshPostMetrics(accountId: string, postId: string): Promise<{ post: PostView }> {
  logger.appendKeys({ post_id: postId });
  const found = await getPostItem(postId);
  if (!found || found.account_id !== accountId) throw new DomainError('POST_NOT_FOUND');
  if (publishedPlatforms(found).length === 0) {
    throw new DomainError(
      'INVALID_POST_STATE',
      { status: found.status },
      { message: `Not possible while the post is ${found.status}: metrics exist only for a post published on some platform` },
    );
  }
  const now = clock.now();
  const window = refreshWindow(now);
  const claim = await retryOnConflict(5, 'the refresh counts kept changing', () =>
    claimMetricsRefresh(accountId, postId, now, new Date(now.getTime() - REFRESH_INTERVAL_MS), window),
  );
  if (!claim) throw new DomainError('POST_NOT_FOUND');
  if (!claim.claimed) throw refreshRefused(claim, window, now);
  await (await metricsQueue()).send({ post_id: postId, reason: 'refresh' }, now);
  return { post: toPostView({ ...found, metrics_refresh_at: now.toISOString() }) };
}

/** The account's current refresh window (METRICS_REFRESH_ACCOUNT_LIMIT per METRICS_REFRESH_ACCOUNT_WINDOW_SECONDS, fixed windows). */
function refreshWindow(now: Date): RefreshWindow {
  const { accountRefreshLimit: limit, accountRefreshWindowSeconds: seconds } = config.metrics;
  const start = Math.floor(now.getTime() / 1000 / seconds) * seconds;
  return { start, end: start + seconds, limit };
}

/**
 * 429 RATE_LIMIT_EXCEEDED for a refused refresh, as the API rate limit answers: `retry_after` is
 * the wait after which THIS refresh can pass, the longer of the post's 5 minutes and the account's
 * window when both hold it back.
 */
function refreshRefused(claim: { lastRefreshAt?: string; accountFull: boolean }, window: RefreshWindow, now: Date): DomainError {
  const postWait = claim.lastRefreshAt ? Math.max(1, refreshWaitSeconds(claim.lastRefreshAt, now)) : 0;
  const accountWait = claim.accountFull ? Math.max(1, Math.ceil(window.end - now.getTime() / 1000)) : 0;
  const wait = Math.max(postWait, accountWait);
  const why =
    accountWait >= postWait
      ? `An account's metrics are refreshed at most ${window.limit} times per ${window.end - window.start} seconds`
      : 'Metrics of a post are refreshed at most once per 5 minutes';
  return new DomainError(
    'RATE_LIMIT_EXCEEDED',
    { retry_after: wait },
    { message: `Rate limit exceeded. ${why}; try again in ${wait} seconds`, retryAfterSeconds: wait },
  );
}

export interface AnalyticsQuery {
  from?: string;
  to?: string;
  platform?: Platform;
}

/** GET /analytics: one row per day from..to, summing the latest figures of the posts published that day. */
export async function getAnalytics(accountId: string, query: AnalyticsQuery): Promise<Resource<'Analytics'>> {
  const days = analyticsDays(query.from, query.to);
  const from = days[0] as string;
  const to = days[days.length - 1] as string;
  const entries = await queryAnalyticsEntries(accountId, from, to);
  const platform = query.platform ?? null;
  return { analytics: { from, to, platform, days: analyticsRows(days, entries, platform) } };
}
