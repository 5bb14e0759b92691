import { config } from '#shared/config';
import { textFor } from '#shared/domain/platform-content';
import type { Post } from '#shared/domain/post';
import type { PlatformMetrics } from '#shared/domain/post-metrics';
import { safeFetch } from '#shared/http-client/safe-fetch';
import { clock } from '#shared/ports/clock';
import { MetricsUnavailable } from '#shared/platforms/metrics-unavailable';
import { partRecordKey } from './record-key';
import { renderBlueskyThread } from './render';

const POST_URI = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([^/]+)$/;
/** getPosts takes at most 25 URIs; a thread of 3000 characters has at most 11 parts. */
const MAX_URIS = 25;

/**
 * The AT URIs of every part of the post's thread on Bluesky. Part 0 is the one the publisher
 * recorded; the others have deterministic record keys (record-key.ts), computed again here from
 * the post's text, id and time. When part 0's key is not the computed one (a rare collision made
 * the publisher probe further), only part 0 is read.
 */
export function threadPartUris(post: Pick<Post, 'id' | 'post_time' | 'content' | 'platform_content'>, firstUri: string): string[] {
  const match = POST_URI.exec(firstUri);
  if (!match) throw new MetricsUnavailable(`not a post URI: ${firstUri}`);
  const [, did, rkey] = match;
  const postTime = new Date(post.post_time);
  if (partRecordKey(post.id, postTime, 0) !== rkey) return [firstUri];
  const parts = renderBlueskyThread(textFor(post as Post, 'bluesky')).length;
  return Array.from({ length: Math.min(parts, MAX_URIS) }, (_, index) =>
    index === 0 ? firstUri : `at://${did}/app.bsky.feed.post/${partRecordKey(post.id, postTime, index)}`,
  );
}

interface PostView {
  uri: string;
  likeCount?: number;
  repostCount?: number;
  replyCount?: number;
  quoteCount?: number;
}

/**
 * The figures of a post on Bluesky, from `app.bsky.feed.getPosts` on the AppView
 * (BLUESKY_APPVIEW_URL, a public endpoint: no session needed), summed over the parts of a
 * thread. The thread's own replies (each part answers the one before) and the post's first
 * comment are the author's, not the audience's: they are left out of `replies`. Bluesky gives no
 * impressions.
 */
export async function readBlueskyMetrics(post: Post, firstUri: string, ownReplies: number): Promise<PlatformMetrics> {
  const uris = threadPartUris(post, firstUri);
  const base = config.metrics.blueskyAppViewUrl;
  const query = uris.map((uri) => `uris=${encodeURIComponent(uri)}`).join('&');
  let response;
  try {
    response = await safeFetch(`${base}/xrpc/app.bsky.feed.getPosts?${query}`, {
      timeoutMs: config.bluesky.timeoutMs,
      maxBytes: 1024 * 1024,
      maxRedirects: 0,
      local: config.local,
      trustedOrigin: new URL(base).origin,
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    throw new MetricsUnavailable(`AppView unreachable: ${(error as Error).message}`);
  }
  if (response.status !== 200) throw new MetricsUnavailable(`AppView answered ${response.status}`);
  let views: PostView[];
  try {
    views = (JSON.parse(response.body.toString('utf8')) as { posts?: PostView[] }).posts ?? [];
  } catch {
    throw new MetricsUnavailable('AppView answered something other than JSON');
  }
  const found = views.filter((view) => uris.includes(view.uri));
  if (found.length === 0) throw new MetricsUnavailable('the AppView does not know the post (yet)');
  const sum = (name: 'likeCount' | 'repostCount' | 'replyCount' | 'quoteCount'): number =>
    found.reduce((total, view) => total + (typeof view[name] === 'number' ? view[name] : 0), 0);
  const threadReplies = found.filter((view) => uris.indexOf(view.uri) < uris.length - 1).length;
  return {
    likes: sum('likeCount'),
    reposts: sum('repostCount'),
    replies: Math.max(0, sum('replyCount') - threadReplies - ownReplies),
    quotes: sum('quoteCount'),
    impressions: null,
    collected_at: clock.now().toISOString(),
  };
}
