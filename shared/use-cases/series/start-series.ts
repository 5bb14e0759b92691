import { newId } from '#shared/domain/ids';
import type { Post } from '#shared/domain/post';
import { readRepeatRule, type RepeatRequest } from '#shared/domain/repeat-rule';
import { nextOccurrence, type Series, type SeriesTemplate } from '#shared/domain/series';
import { getQueueSchedule } from '#shared/store/queue';
import { putNewSeriesItem } from '#shared/store/series';

/**
 * A series begun by its first occurrence (docs/api.md, "Repeating posts (series)"): the post
 * answered to POST /posts (or the draft scheduled) is occurrence 0 and names the series; the series
 * item is written in the post's own creation transaction, so neither exists without the other.
 * Its time zone is the posting queue's when the series begins (UTC without a queue), kept after.
 */
export async function beginSeries(
  post: Post,
  repeat: RepeatRequest,
  now: Date,
): Promise<{ post: Post; series: Series; write: ReturnType<typeof putNewSeriesItem> }> {
  const anchor = new Date(post.post_time);
  const rule = readRepeatRule(repeat, anchor, now);
  const timezone = (await getQueueSchedule(post.account_id))?.timezone ?? 'UTC';
  const seriesId = newId();
  const first: Post = { ...post, series_id: seriesId, series_index: 0 };
  delete first.repeat;
  const series: Series = {
    id: seriesId,
    account_id: post.account_id,
    rule,
    variations: repeat.variations ?? [],
    template: templateOf(post),
    timezone,
    anchor: anchor.toISOString(),
    anchor_index: 0,
    next_index: 1,
    status: 'active',
    posts: [{ id: post.id, index: 0, scheduled_for: post.scheduled_for }],
    skipped: [],
    ...(post.created_by ? { created_by: post.created_by } : {}),
    created_at: now.toISOString(),
  };
  // The next occurrence is made when this one is due; a rule with none left ends at once.
  if (nextOccurrence(series)) series.create_from = anchor.toISOString();
  else series.status = 'ended';
  return { post: first, series, write: putNewSeriesItem(series) };
}

/** What every occurrence repeats of the first: its text, platforms and options. */
function templateOf(post: Post): SeriesTemplate {
  return {
    content: post.content,
    ...(post.platform_content ? { platform_content: post.platform_content } : {}),
    platforms: post.platforms,
    ...(post.link_preview === false ? { link_preview: false as const } : {}),
    ...(post.first_comment !== undefined ? { first_comment: post.first_comment } : {}),
    ...(post.platform_first_comment ? { platform_first_comment: post.platform_first_comment } : {}),
    ...(post.media?.length ? { media: post.media } : {}),
    ...(post.evergreen ? { evergreen: true as const } : {}),
  };
}
