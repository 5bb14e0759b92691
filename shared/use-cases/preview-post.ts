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
import { preparePlatformOptions } from './platform-options';
import {
  blueskyOptionsPreview,
  linkedinOptionsPreview,
  type BlueskyOptionsPreview,
  type LinkedInOptionsPreview,
} from './platform-options-preview';

/** POST /posts/preview's answer (docs/api.md, "Per-platform text, preview and link cards"). */
export interface PostPreview {
  preview: {
    linkedin?: LinkedInRendering & { first_comment?: FirstCommentPreview['linkedin']; options?: LinkedInOptionsPreview };
    bluesky?: {
      posts: Array<{ text: string; graphemes: number; facets: Facet[] }>;
      first_comment?: FirstCommentPreview['bluesky'];
      options?: BlueskyOptionsPreview;
    };
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
  const media = await resolvePostMedia(accountId, input.media);
  // Checked as a creation would; the answered and quoted posts are looked up only when the post is created (no platform call here).
  const options = await preparePlatformOptions(accountId, platforms, input.platform_options, media.length);
  const preview: PostPreview['preview'] = { warnings: [] };
  if (platforms.includes('linkedin')) {
    const linkedinOptions = linkedinOptionsPreview(options);
    preview.linkedin = {
      ...renderLinkedInCommentary(textFor(input, 'linkedin')),
      ...(linkedinOptions ? { options: linkedinOptions } : {}),
    };
    preview.warnings.push(...linkedInWarnings(preview.linkedin));
  }
  if (platforms.includes('bluesky')) {
    const bluesky = renderBluesky(textFor(input, 'bluesky'));
    const blueskyOptions = blueskyOptionsPreview(options);
    preview.bluesky = {
      posts: bluesky.parts.map(({ text, graphemes, facets }) => ({ text, graphemes, facets })),
      ...(blueskyOptions ? { options: blueskyOptions } : {}),
    };
    preview.warnings.push(...bluesky.warnings);
  }
  return { preview: withFirstCommentPreview(preview, input) };
}
