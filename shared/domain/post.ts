import type { StoredFirstComment } from './first-comment';
import type { PostMedia } from './media-view';
import type { PlatformContent } from './platform-content';
import type { PlatformOptions } from './platform-options';
import type { ResolvedPlatformOptions } from './platform-options-refs';
import type { Platform } from './platforms';
import type { PostStatus } from './post-status';
import type { PostMetrics } from './post-metrics';
import type { RepeatRequest } from './repeat-rule';

/** A post as the service keeps it (docs/api.md, "Posts"); shared/store/posts.ts maps it to its item. */
export interface PlatformResult {
  status: 'pending' | 'publishing' | 'published' | 'failed';
  url: string | null;
  platform_post_id: string | null;
  published_at: string | null;
  error: { code: string; message: string } | null;
  /** The first comment's outcome once its publication began (docs/api.md, "First comment"). */
  first_comment?: StoredFirstComment;
}

/**
 * Who created a post (docs/api.md, "Drafts"): an API key, named as it was then, or the
 * dashboard's signed-in owner. Posts created before this was recorded show null.
 */
export type PostCreator =
  | { type: 'api_key'; key_id: string; key_name: string | null }
  | { type: 'dashboard'; key_id: null; key_name: null }
  | { type: 'oauth_client'; connection_id: string; client_name: string };

export interface Post extends ResolvedPlatformOptions {
  id: string;
  account_id: string;
  content: string;
  /** Text per platform that replaces content there; absent when none (items older than it have none). */
  platform_content?: PlatformContent;
  platforms: Platform[];
  /** The first comment, for every platform unless platform_first_comment has its own (docs/api.md, "First comment"). */
  first_comment?: string;
  platform_first_comment?: PlatformContent;
  /** Stored only when false: no link card for this post (docs/api.md, "Per-platform text, preview and link cards"). */
  link_preview?: false;
  /** Whether its links go out as tracked short links; absent: the account's setting at publication (docs/api.md, "Tracked links"). */
  track_links?: boolean;
  /** The `utm_campaign` of its tracked links; absent: the account's setting. */
  utm_campaign?: string;
  /** Options per platform beyond the text (docs/api.md, "Platform options"); absent when none. */
  platform_options?: PlatformOptions;
  /** The post's images as they were attached, with where their variants are (docs/api.md, "Media"). */
  media?: PostMedia[];
  status: PostStatus;
  scheduled_for: string | null;
  created_at: string;
  published_at: string | null;
  results: Partial<Record<Platform, PlatformResult>>;
  /** scheduled_for, or created_at for an immediate post: the time spacing and record keys use. */
  post_time: string;
  /** The LinkedIn spacing bucket the post holds, while it holds one. */
  spacing_bucket?: number;
  /** The posting-queue slot (epoch ms) the post holds, while it holds one (docs/api.md, "Posting queue"). */
  queue_slot_ms?: number;
  /**
   * Bumped by every edit and retry (absent: 0, never changed). Their writes are conditional on the
   * version they read, and each version gets its own trigger: a trigger of an older version does nothing.
   */
  version?: number;
  /**
   * The public version (docs/api.md, "Versions and If-Match"): 1 at creation, +1 on every change of
   * content, platforms, media, options, schedule or status, the publisher's included. Kept apart from
   * `version`, which only edits and retries move, because the publisher's triggers match on that one
   * (docs/decisions/0215-public-post-version-beside-the-trigger-version.md). Absent until the first
   * change (a new post is at 1; a few bytes less on every publish) and on posts from before it: see publicVersionOf.
   */
  revision?: number;
  /** Who created the post (docs/api.md, "Drafts"); absent on posts created before it was recorded. */
  created_by?: PostCreator;
  /** The latest figures read back per platform, and the last refresh asked for (docs/api.md, "Metrics and analytics"). */
  metrics?: PostMetrics;
  metrics_refresh_at?: string;
  /** The series this post is an occurrence of, and which (docs/api.md, "Repeating posts (series)"). */
  series_id?: string;
  series_index?: number;
  /** A draft's repeat rule, kept until it is scheduled and its series begins. */
  repeat?: RepeatRequest;
  /** Stored only when true: the post may be queued again (docs/api.md, "Evergreen recycling"). */
  evergreen?: true;
  /** A recycled copy: the evergreen post it repeats (the first of its line). */
  recycled_from?: string;
}

/** A post's version (0 until its first edit or retry). */
export const versionOf = (post: Pick<Post, 'version'>): number => post.version ?? 0;

/**
 * The version clients see and pin with If-Match. A post written before the public version existed
 * counts its edits and retries on top of its creation (its status changes were never counted).
 */
export const publicVersionOf = (post: Pick<Post, 'version' | 'revision'>): number => post.revision ?? versionOf(post) + 1;
