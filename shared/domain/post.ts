import type { StoredFirstComment } from './first-comment';
import type { PostMedia } from './media-view';
import type { PlatformContent } from './platform-content';
import type { PlatformOptions } from './platform-options';
import type { ResolvedPlatformOptions } from './platform-options-refs';
import type { Platform } from './platforms';
import type { PostStatus } from './post-status';
import type { PostMetrics } from './post-metrics';

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
  { type: 'api_key'; key_id: string; key_name: string | null } | { type: 'dashboard'; key_id: null; key_name: null };

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
  /** Who created the post (docs/api.md, "Drafts"); absent on posts created before it was recorded. */
  created_by?: PostCreator;
  /** The latest figures read back per platform, and the last refresh asked for (docs/api.md, "Metrics and analytics"). */
  metrics?: PostMetrics;
  metrics_refresh_at?: string;
}

/** A post's version (0 until its first edit or retry). */
export const versionOf = (post: Pick<Post, 'version'>): number => post.version ?? 0;
