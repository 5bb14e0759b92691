import { DomainError } from './errors';
import type { PlatformContent } from './platform-content';
import type { Platform } from './platforms';

/**
 * The first comment (docs/api.md, "First comment"): a text published right after the post on each
 * of its platforms, as a reply on Bluesky and a comment on LinkedIn. `first_comment` applies to
 * every platform of the post, `platform_first_comment` replaces it per platform.
 */
export interface FirstCommentFields {
  first_comment?: string | null;
  platform_first_comment?: PlatformContent;
}

/** The fields a post stores: none when absent, null or empty. */
export function firstCommentFields(input: FirstCommentFields): { first_comment?: string; platform_first_comment?: PlatformContent } {
  return {
    ...(typeof input.first_comment === 'string' ? { first_comment: input.first_comment } : {}),
    ...(input.platform_first_comment && Object.keys(input.platform_first_comment).length
      ? { platform_first_comment: input.platform_first_comment }
      : {}),
  };
}

/** What each platform takes: Bluesky a post record (300 graphemes, and 3000 UTF-8 bytes), LinkedIn a comment (1,250 characters). */
export const FIRST_COMMENT_LIMITS: Record<Platform, { max: number; unit: 'graphemes' | 'characters' }> = {
  linkedin: { max: 1250, unit: 'characters' },
  bluesky: { max: 300, unit: 'graphemes' },
};

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** A Bluesky post record's text is also bounded in UTF-8 bytes (the lexicon's maxLength). */
const BLUESKY_MAX_BYTES = 3000;
const utf8 = new TextEncoder();

/** The length a platform counts: graphemes for Bluesky, UTF-16 code units for LinkedIn. */
export function firstCommentLength(text: string, platform: Platform): number {
  return FIRST_COMMENT_LIMITS[platform].unit === 'graphemes' ? [...graphemes.segment(text)].length : text.length;
}

/** The comment a platform receives: its own text when the post has one, else the shared one; undefined when none. */
export function firstCommentFor(post: FirstCommentFields, platform: Platform): string | undefined {
  return post.platform_first_comment?.[platform] ?? post.first_comment ?? undefined;
}

/**
 * The cross-field rules the schema cannot state, for a post going to `platforms`: every
 * platform_first_comment key is one of them, and each platform's comment fits that platform.
 * The first problem in platform order is named (`platform_first_comment.<name>` for a platform's
 * own text, `first_comment` for the shared one).
 */
export function checkFirstComment(platforms: readonly Platform[], fields: FirstCommentFields): void {
  const stray = Object.keys(fields.platform_first_comment ?? {}).find((name) => !platforms.includes(name as Platform));
  if (stray !== undefined) {
    throw invalid(`platform_first_comment.${stray}`, `${stray} is not one of the post's platforms`);
  }
  for (const platform of platforms) {
    const own = fields.platform_first_comment?.[platform];
    const text = own ?? fields.first_comment ?? undefined;
    if (text === undefined) continue;
    const { max, unit } = FIRST_COMMENT_LIMITS[platform];
    const length = firstCommentLength(text, platform);
    const field = own !== undefined ? `platform_first_comment.${platform}` : 'first_comment';
    if (length > max) throw invalid(field, `the ${platform} comment is ${length} ${unit}, over the ${max} ${platform} allows`);
    const bytes = platform === 'bluesky' ? utf8.encode(text).length : 0;
    if (bytes > BLUESKY_MAX_BYTES)
      throw invalid(field, `the bluesky comment is ${bytes} bytes in UTF-8, over the ${BLUESKY_MAX_BYTES} a post record holds`);
  }
}

const invalid = (field: string, why: string) =>
  new DomainError('INVALID_FIELD', { field }, { message: `Invalid field: ${field} (${why})` });

/** The first comment's outcome as stored in the post's result for a platform: the claim fields are the publisher's. */
export interface StoredFirstComment {
  /** Stored: publishing (claimed), published or failed; pending and skipped are only shown (firstCommentView). */
  status: 'pending' | 'publishing' | 'published' | 'failed' | 'skipped';
  url: string | null;
  error: { code: string; message: string } | null;
  claim_id?: string;
  claimed_at?: string;
  dispatched_at?: string;
}

/**
 * `results[platform].first_comment` as the API shows it: `pending` until the comment's turn comes
 * (and while it is being published), then `published` or `failed`; `skipped` when the post itself
 * failed on that platform, so there was nothing to comment on.
 */
export type FirstCommentView = Pick<StoredFirstComment, 'status' | 'url' | 'error'>;

export function firstCommentView(resultStatus: string | undefined, stored: StoredFirstComment | undefined): FirstCommentView {
  if (stored && stored.status !== 'publishing') return { status: stored.status, url: stored.url, error: stored.error };
  return { status: resultStatus === 'failed' ? 'skipped' : 'pending', url: null, error: null };
}

/** Whether a platform's comment still has to be published: the post is out there, the comment not settled. */
export function firstCommentOutstanding(
  post: FirstCommentFields & { results: Partial<Record<Platform, { status: string; first_comment?: StoredFirstComment }>> },
  platform: Platform,
): boolean {
  const result = post.results[platform];
  if (result?.status !== 'published' || firstCommentFor(post, platform) === undefined) return false;
  return !['published', 'failed'].includes(result.first_comment?.status ?? 'pending');
}

/**
 * A post's first comment after a PATCH (docs/api.md, "First comment"): `first_comment` replaces
 * the shared text (null removes it), `platform_first_comment` replaces the texts per platform as
 * a whole ({} removes them); a platform no longer in `platforms` loses its own text. The result
 * is checked as POST /posts checks it, against the platforms the post will have.
 */
export function editedFirstComment(
  post: { first_comment?: string; platform_first_comment?: PlatformContent },
  edit: FirstCommentFields,
  platforms: readonly Platform[],
): { first_comment?: string; platform_first_comment?: PlatformContent } {
  const kept = Object.entries(post.platform_first_comment ?? {}).filter(([platform]) => platforms.includes(platform as Platform));
  const next: FirstCommentFields = {
    first_comment: edit.first_comment === undefined ? post.first_comment : edit.first_comment,
    platform_first_comment: edit.platform_first_comment ?? Object.fromEntries(kept),
  };
  checkFirstComment(platforms, next);
  const fields = firstCommentFields(next);
  return { first_comment: fields.first_comment, platform_first_comment: fields.platform_first_comment };
}
