import { firstCommentFor, type FirstCommentFields } from '#shared/domain/first-comment';
import { mentionHandle, type Facet } from '#shared/platforms/bluesky/rich-text';
import { renderBlueskyPart } from '#shared/platforms/bluesky/render';

/** What each platform's first comment will be (docs/api.md, "First comment"): the text as sent, counted as that platform counts. */
export interface FirstCommentPreview {
  linkedin: { text: string; characters: number };
  bluesky: { text: string; graphemes: number; facets: Facet[] };
}

/**
 * The preview with each platform's first comment added: LinkedIn's comment is sent as written
 * (comments are plain text, not the posts' little text); Bluesky's reply carries the facets the
 * post's parts would (links and hashtags; a mention resolves only when publishing).
 */
export function withFirstCommentPreview<
  Preview extends {
    linkedin?: { first_comment?: FirstCommentPreview['linkedin'] };
    bluesky?: { first_comment?: FirstCommentPreview['bluesky'] };
    warnings: string[];
  },
>(preview: Preview, input: FirstCommentFields): Preview {
  const linkedin = preview.linkedin && firstCommentFor(input, 'linkedin');
  if (preview.linkedin && linkedin !== undefined) preview.linkedin.first_comment = { text: linkedin, characters: linkedin.length };
  const bluesky = preview.bluesky && firstCommentFor(input, 'bluesky');
  if (preview.bluesky && bluesky !== undefined) {
    const { text, graphemes, facets, mentions } = renderBlueskyPart(bluesky);
    preview.bluesky.first_comment = { text, graphemes, facets };
    for (const handle of new Set(mentions.map(mentionHandle))) {
      preview.warnings.push(
        `bluesky: @${handle} in the first comment cannot be checked before publishing; it becomes a mention only if the handle resolves then`,
      );
    }
  }
  return preview;
}
