import { createHash } from 'node:crypto';
import type { PostCreator } from './post';
import type { PostMedia } from './media-view';
import type { PlatformContent } from './platform-content';
import type { Platform } from './platforms';
import type { PostStatus } from './post-status';
import { occurrenceAt, variantOf, withinRule, type RepeatRule } from './repeat-rule';

/**
 * A series (docs/api.md, "Repeating posts (series)"): the rule, the post it repeats and its cursor.
 * Each occurrence is a post of its own; the series keeps which occurrence comes next (`next_index`)
 * and from when it may be created (`create_from`: the previous occurrence's time, so each is made
 * one step ahead, when the one before is due). shared/store/series.ts maps it to its item.
 */
export interface SeriesTemplate {
  content: string;
  platform_content?: PlatformContent;
  platforms: Platform[];
  link_preview?: false;
  first_comment?: string;
  platform_first_comment?: PlatformContent;
  media?: PostMedia[];
  evergreen?: true;
}

export interface SkippedOccurrence {
  at: string;
  error: { code: string; message: string };
}

export interface SeriesPostRef {
  id: string;
  index: number;
  scheduled_for: string | null;
}

export type SeriesStatus = 'active' | 'ended' | 'stopped';

export interface Series {
  id: string;
  account_id: string;
  rule: RepeatRule;
  variations: string[];
  template: SeriesTemplate;
  /** IANA zone whose wall-clock time the occurrences keep (the queue's when the series began, else UTC). */
  timezone: string;
  /** The first occurrence's time: every other is counted from it. */
  anchor: string;
  /** Rule changes (PATCH) re-anchor here: occurrences from `anchor_index` on count from `anchor`. */
  anchor_index: number;
  next_index: number;
  /** When the next occurrence may be created (the previous one's time); absent once the series is over. */
  create_from?: string;
  status: SeriesStatus;
  posts: SeriesPostRef[];
  skipped: SkippedOccurrence[];
  created_by?: PostCreator;
  created_at: string;
}

/** The nominal time of occurrence `index` under the series' current rule. */
export const seriesOccurrenceAt = (series: Pick<Series, 'rule' | 'anchor' | 'anchor_index' | 'timezone'>, index: number): Date =>
  occurrenceAt(series.rule, new Date(series.anchor), series.timezone, index - series.anchor_index);

/** The next occurrence's time, or undefined when the rule has none left. */
export function nextOccurrence(series: Series): Date | undefined {
  if (series.status !== 'active') return undefined;
  const at = seriesOccurrenceAt(series, series.next_index);
  return withinRule(series.rule, series.next_index, at) ? at : undefined;
}

/** The text and per-platform text of occurrence `index`: content (with its platform texts), then each variation in turn. */
export function occurrenceText(
  series: Pick<Series, 'variations' | 'template'>,
  index: number,
): Pick<SeriesTemplate, 'content' | 'platform_content'> {
  const variant = variantOf(series.variations, index);
  if (variant === 0) return { content: series.template.content, platform_content: series.template.platform_content };
  return { content: series.variations[variant - 1] };
}

/**
 * A UUID (v4-shaped, as every id here) derived from its parts: the same occurrence of a series (or
 * the same recycling of a post into a slot) always gets the same post id, so a second attempt
 * (a redelivered trigger, two ticks at once) meets the first one's post and creates nothing.
 */
export function derivedId(...parts: (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('|')).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Post statuses DELETE /series/{id} removes (published ones stay). */
export const SERIES_DELETABLE: readonly PostStatus[] = ['scheduled', 'failed', 'draft'];
