import { checkPlatformContent, textFor } from '#shared/domain/platform-content';
import { checkFirstComment } from '#shared/domain/first-comment';
import { withFirstCommentPreview, type FirstCommentPreview } from './first-comment-preview';
import { parseScheduledFor } from '#shared/domain/scheduled-time';
import type { Platform } from '#shared/domain/platforms';
import { clock } from '#shared/ports/clock';
import type { Facet } from '#shared/platforms/bluesky/rich-text';
import { renderBluesky } from '#shared/platforms/bluesky/render';
import { linkedInWarnings, renderLinkedInCommentary, type LinkedInRendering } from '#shared/platforms/linkedin/render';
import type { NewPost } from './create-post';
import { resolvePostMedia } from './post-media';

/** POST /posts/preview's answer (docs/api.md, "Per-platform text, preview and link cards"). */
export interface PostPreview {
  preview: {
    linkedin?: LinkedInRendering & { first_comment?: FirstCommentPreview['linkedin'] };
    bluesky?: { posts: Array<{ text: string; graphemes: number; facets: Facet[] }>; first_comment?: FirstCommentPreview['bluesky'] };
    warnings: string[];
  };
}

/**
 * What each platform of a would-be post receives, rendered by the functions the adapters call,
 * with no platform call, write or count. The body's checks run as for a creation up to
 * INVALID_SCHEDULED_TIME and the media checks; connections, the monthly limit and spacing are not checked.
 */
export async function previewPost(accountId: string, input: NewPost): Promise<PostPreview> {
  const platforms: Platform[] = [...new Set(input.platforms)];
  checkPlatformContent(platforms, input.platform_content);
  checkFirstComment(platforms, input);
  parseScheduledFor(input.scheduled_for, clock.now());
  await resolvePostMedia(accountId, input.media);
  const preview: PostPreview['preview'] = { warnings: [] };
  if (platforms.includes('linkedin')) {
    preview.linkedin = renderLinkedInCommentary(textFor(input, 'linkedin'));
    preview.warnings.push(...linkedInWarnings(preview.linkedin));
  }
  if (platforms.includes('bluesky')) {
    const bluesky = renderBluesky(textFor(input, 'bluesky'));
    preview.bluesky = { posts: bluesky.parts.map(({ text, graphemes, facets }) => ({ text, graphemes, facets })) };
    preview.warnings.push(...bluesky.warnings);
  }
  return { preview: withFirstCommentPreview(preview, input) };
}
