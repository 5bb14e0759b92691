import type { Platform } from '#shared/domain/platforms';
import { publicVersionOf, type Post } from '#shared/domain/post';
import type { PostMedia } from './media-view';
import { slotHoldAt } from './linkedin-spacing';
import { checkPlatformContent, type PlatformContent } from './platform-content';
import { checkFirstComment, editedFirstComment, type FirstCommentFields } from './first-comment';
import { heldSlot, type PlannedChange } from './post-change';
import { pendingResult } from './post-view';
import type { PlatformOptions } from './platform-options';
import type { ResolvedPlatformOptions } from './platform-options-refs';
import { parseScheduledFor } from './scheduled-time';

/** PATCH /posts/{id}: any of these; absent fields keep their value, `scheduled_for: null` publishes now. */
export interface PostEdit extends FirstCommentFields {
  content?: string;
  platform_content?: PlatformContent;
  platforms?: Platform[];
  scheduled_for?: string | null;
  link_preview?: boolean;
  /** Tracked links (docs/api.md, "Tracked links"): a scheduled post may turn them on or off, or change its campaign. */
  track_links?: boolean;
  utm_campaign?: string;
  /** Replaces the images as a whole (ids of ready media, docs/api.md, "Media"). */
  media?: string[];
  /** Replaces the options per platform as a whole (docs/api.md, "Platform options"); {} removes them. */
  platform_options?: PlatformOptions;
}

/** A post's platform options as an edit leaves them (shared/use-cases/platform-options.ts prepares them). */
export type EditedOptions = ResolvedPlatformOptions & { platform_options?: PlatformOptions };

/** An edit after the checks of the request alone (no post read yet). */
export interface ReadEdit extends Omit<PostEdit, 'scheduled_for'> {
  /** Absent: the time stays; 'now': publish now; a date: the new scheduled time. */
  when?: Date | 'now';
}

/**
 * The request's own rules, as POST /posts applies them to each field present, in the same order:
 * platforms merged, a platform text for a platform not in `platforms` (when both are sent), then
 * INVALID_SCHEDULED_TIME. The schema has already checked shapes and lengths.
 */
export function readEdit(edit: PostEdit, now: Date): ReadEdit {
  const { scheduled_for: scheduledFor, ...rest } = edit;
  const read: ReadEdit = { ...rest };
  if (edit.platforms) {
    read.platforms = [...new Set(edit.platforms)];
    checkPlatformContent(read.platforms, edit.platform_content);
    // Only when the edit replaces the per-platform comments: else the post's own (read later) may apply instead of first_comment.
    if (edit.platform_first_comment !== undefined)
      checkFirstComment(read.platforms, { first_comment: edit.first_comment, platform_first_comment: edit.platform_first_comment });
  }
  if (scheduledFor === null) read.when = 'now';
  else if (scheduledFor !== undefined) read.when = parseScheduledFor(scheduledFor, now) ?? undefined;
  return read;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The scheduled post after the edit, or undefined when the edit changes nothing. A platform text
 * sent must belong to one of the platforms (checked here when platforms were not sent); removing a
 * platform drops its text. The LinkedIn slot follows the post's time: claimed when LinkedIn is
 * added, released when it is removed, moved when the time changes.
 */
export function applyEdit(post: Post, edit: ReadEdit, now: Date, media?: PostMedia[], options?: EditedOptions): PlannedChange | undefined {
  const platforms = edit.platforms ?? post.platforms;
  if (edit.platform_content !== undefined && !edit.platforms) checkPlatformContent(platforms, edit.platform_content);
  const texts = Object.entries(edit.platform_content ?? post.platform_content ?? {}).filter(([platform]) =>
    platforms.includes(platform as Platform),
  );
  const linkPreview = edit.link_preview === undefined ? post.link_preview : edit.link_preview === false ? false : undefined;
  const postTime = edit.when === undefined ? new Date(post.post_time) : edit.when === 'now' ? now : edit.when;
  const next: Post = {
    ...post,
    content: edit.content ?? post.content,
    platform_content: texts.length ? Object.fromEntries(texts) : undefined,
    platforms,
    link_preview: linkPreview,
    track_links: edit.track_links ?? post.track_links,
    utm_campaign: edit.utm_campaign ?? post.utm_campaign,
    ...editedFirstComment(post, edit, platforms),
    media: media === undefined ? post.media : media.length ? media.map((one) => ({ ...one, expires_at: null })) : undefined,
    ...(options
      ? { platform_options: options.platform_options, bluesky_refs: options.bluesky_refs, linkedin_document: options.linkedin_document }
      : {}),
    // A draft stays a draft: its time is only a wish (docs/api.md, "Drafts").
    status: post.status === 'draft' ? 'draft' : edit.when === 'now' ? 'publishing' : 'scheduled',
    scheduled_for: edit.when === undefined ? post.scheduled_for : edit.when === 'now' ? null : edit.when.toISOString(),
    post_time: postTime.toISOString(),
    results: Object.fromEntries(platforms.map((platform) => [platform, post.results[platform] ?? pendingResult()])),
    spacing_bucket: post.status !== 'draft' && platforms.includes('linkedin') ? slotHoldAt(postTime).bucket : undefined,
    version: (post.version ?? 0) + 1,
    revision: publicVersionOf(post) + 1,
  };
  const fields = [
    'content',
    'platform_content',
    'platforms',
    'link_preview',
    'track_links',
    'utm_campaign',
    'status',
    'scheduled_for',
    'post_time',
    'first_comment',
    'platform_first_comment',
    'platform_options',
    'bluesky_refs',
  ] as const;
  const mediaIds = (item: Post) =>
    [...(item.media ?? []), ...(item.linkedin_document ? [item.linkedin_document] : [])].map((one) => one.id);
  if (fields.every((field) => sameJson(next[field], post[field])) && sameJson(mediaIds(next), mediaIds(post))) return undefined;

  const toLinkedIn = next.spacing_bucket !== undefined;
  const slotMoves = (post.spacing_bucket !== undefined) !== toLinkedIn || (toLinkedIn && next.post_time !== post.post_time);
  return {
    previous: post,
    next,
    slot: slotMoves ? { from: heldSlot(post), to: toLinkedIn ? slotHoldAt(postTime) : undefined } : undefined,
    ...(media === undefined && next.linkedin_document?.id === post.linkedin_document?.id
      ? {}
      : {
          attachMedia: mediaIds(next).filter((id) => !mediaIds(post).includes(id)),
          detachMedia: mediaIds(post).filter((id) => !mediaIds(next).includes(id)),
        }),
  };
}
