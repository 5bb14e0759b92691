import type { Post } from '#shared/domain/post';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { findPostByBlueskyUri, indexBlueskyPost, notePublication } from '#shared/store/inbox-collection';
import { queryAnalyticsEntries } from '#shared/store/post-metrics';
import { getPostItem } from '#shared/store/posts';

const DAY_MS = 24 * 60 * 60_000;
/** How far back an index miss looks for posts published before the index existed. */
const BACKFILL_DAYS = 90;

/**
 * After a post's final status (called by the publisher beside its metrics): the profiles it went
 * out on become active for inbox collection, and its Bluesky thread's first URI is indexed so a
 * reply or quote resolves to it. Never fails the publication: a failure is logged with the post id
 * (collection still runs on refresh, and an index miss is backfilled).
 */
export async function noteInboxActivity(post: Post): Promise<void> {
  try {
    for (const platform of post.platforms) {
      const result = post.results[platform];
      if (result?.status !== 'published' || !result.platform_post_id) continue;
      await notePublication(post.account_id, platform, result.published_at ?? clock.now().toISOString());
      if (platform === 'bluesky') await indexBlueskyPost(post.account_id, result.platform_post_id, post.id);
    }
  } catch (error) {
    logger.warn('inbox: activity not noted for a published post', { post_id: post.id, error: error as Error });
  }
}

/**
 * Finds our post by the URI of its thread's first part, within one collection round: an index
 * miss backfills the index once from the account's published posts (analytics entries of the last
 * 90 days), for posts published before the inbox existed.
 */
export function blueskyPostResolver(accountId: string): (rootUri: string) => Promise<string | undefined> {
  let backfilled = false;
  return async (rootUri) => {
    const found = await findPostByBlueskyUri(accountId, rootUri);
    if (found || backfilled) return found;
    backfilled = true;
    const now = clock.now().getTime();
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const entries = await queryAnalyticsEntries(accountId, day(now - BACKFILL_DAYS * DAY_MS), day(now));
    for (const entry of entries.filter((candidate) => candidate.platforms.includes('bluesky'))) {
      const post = await getPostItem(entry.post_id);
      const uri = post?.results.bluesky?.platform_post_id;
      if (post && uri) await indexBlueskyPost(accountId, uri, post.id);
    }
    return findPostByBlueskyUri(accountId, rootUri);
  };
}
