import type { Resource } from './api-types.gen';
import { publicVersionOf, type PlatformResult, type Post } from '#shared/domain/post';
import type { Platform } from './platforms';
import { toMediaView } from './media-view';
import { firstCommentFor, firstCommentView } from './first-comment';

/**
 * The post as the API shows it (docs/api.md, "Posts"): the stored post less its internal fields. Its
 * type is generated from the response schema `Post` (shared/api/schemas/resources.ts), written once.
 */
export type PostView = Resource<'Post'>;

const publicResult = (result: PlatformResult): PlatformResult => ({
  // "publishing" is the publisher's claim on a platform; clients see it as still pending.
  status: result.status === 'publishing' ? 'pending' : result.status,
  url: result.url,
  platform_post_id: result.platform_post_id,
  published_at: result.published_at,
  error: result.error,
});

export function toPostView(post: Post): PostView {
  return {
    id: post.id,
    content: post.content,
    platform_content: post.platform_content ?? {},
    platforms: post.platforms,
    link_preview: post.link_preview !== false,
    // Shown only when the post set them; absent, the account's setting decides at publication.
    ...(post.track_links === undefined ? {} : { track_links: post.track_links }),
    ...(post.utm_campaign === undefined ? {} : { utm_campaign: post.utm_campaign }),
    media: (post.media ?? []).map(toMediaView),
    first_comment: post.first_comment ?? null,
    platform_first_comment: post.platform_first_comment ?? {},
    platform_options: post.platform_options ?? {},
    status: post.status,
    scheduled_for: post.scheduled_for,
    created_at: post.created_at,
    published_at: post.published_at,
    results: Object.fromEntries(
      post.platforms.map((platform) => [
        platform,
        {
          ...withFirstComment(post, platform, publicResult(post.results[platform] as PlatformResult)),
          metrics: post.metrics?.[platform] ?? null,
        },
      ]),
    ) as PostView['results'],
    created_by: post.created_by ?? null,
    version: publicVersionOf(post),
    // Shown only where they apply (docs/api.md, "Repeating posts (series)", "Evergreen recycling").
    ...(post.series_id ? { series_id: post.series_id } : {}),
    ...(post.evergreen ? { evergreen: true } : {}),
    ...(post.repeat ? { repeat: post.repeat } : {}),
  };
}

export const pendingResult = (): PlatformResult => ({
  status: 'pending',
  url: null,
  platform_post_id: null,
  published_at: null,
  error: null,
});

/** A result with its first comment's outcome, when the post has a comment for that platform (docs/api.md, "First comment"). */
function withFirstComment(post: Post, platform: Platform, result: PlatformResult): PlatformResult {
  if (firstCommentFor(post, platform) === undefined) return result;
  const stored = post.results[platform]?.first_comment;
  return { ...result, first_comment: firstCommentView(post.results[platform]?.status, stored) };
}
