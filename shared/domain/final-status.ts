import type { PlatformResult } from '#shared/domain/post';
import type { PostStatus } from './post-status';

/** A post's final status from its platform results (docs/api.md, "Posts"). */
export function finalStatus(results: PlatformResult[]): Exclude<PostStatus, 'draft' | 'scheduled' | 'publishing'> {
  const published = results.filter((result) => result.status === 'published').length;
  if (published === results.length) return 'published';
  return published > 0 ? 'partially_published' : 'failed';
}

/** When the post went out: the last platform's publication time, or null when none did. */
export function lastPublishedAt(results: PlatformResult[]): string | null {
  const times = results.map((result) => result.published_at).filter((time): time is string => time !== null);
  return times.length ? (times.sort().at(-1) ?? null) : null;
}
