import { DomainError } from '#shared/domain/errors';
import { readRepeatRule, type RepeatRule } from '#shared/domain/repeat-rule';
import { derivedId, nextOccurrence, seriesOccurrenceAt, type Series, type SkippedOccurrence } from '#shared/domain/series';
import type { PostStatus } from '#shared/domain/post-status';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { getPostItem } from '#shared/store/posts';
import { changeSeries, getSeries, stopSeries } from '#shared/store/series';
import { deletePost } from '../posts';
import type { AuditActor } from '#shared/domain/audit';

/** A series as the API shows it (docs/api.md, "Repeating posts (series)"). */
export interface SeriesView {
  id: string;
  rule: RepeatRule;
  variations: string[];
  next_at: string | null;
  posts: { id: string; status: PostStatus; scheduled_for: string | null }[];
  skipped: SkippedOccurrence[];
}

/** The account's series, not deleted; NOT_FOUND otherwise (unknown, deleted, another account's). */
async function ownSeries(accountId: string, seriesId: string): Promise<Series> {
  const series = await getSeries(accountId, seriesId);
  if (!series || series.status === 'stopped') throw new DomainError('NOT_FOUND', {}, { message: 'Series not found' });
  return series;
}

async function viewOf(series: Series): Promise<SeriesView> {
  // The occurrences as they are now; one deleted on its own is no longer listed.
  const posts = await Promise.all(series.posts.map(async (ref) => ({ ref, post: await getPostItem(ref.id) })));
  return {
    id: series.id,
    rule: series.rule,
    variations: series.variations,
    next_at: nextOccurrence(series)?.toISOString() ?? null,
    posts: posts
      .filter(({ post }) => post !== undefined)
      .map(({ ref, post }) => ({ id: ref.id, status: post!.status, scheduled_for: post!.scheduled_for })),
    skipped: series.skipped,
  };
}

/** GET /series/{id}. */
export async function getSeriesView(accountId: string, seriesId: string): Promise<{ series: SeriesView }> {
  return { series: await viewOf(await ownSeries(accountId, seriesId)) };
}

const MAX_ATTEMPTS = 3;

/**
 * PATCH /series/{id}: a new rule and/or variations, from the next occurrence on. A new rule is
 * counted from the next occurrence's time under the old one (so the step changes after it); its
 * `count` still counts every occurrence, the first included. The change is conditional on the
 * cursor read: an occurrence made meanwhile makes it read again.
 */
export async function patchSeries(
  accountId: string,
  seriesId: string,
  change: { rule?: RepeatRule; variations?: string[] },
): Promise<{ series: SeriesView }> {
  if (!change.rule && !change.variations) {
    throw new DomainError('INVALID_FIELD', { field: 'rule' }, { message: 'Send rule or variations (or both)' });
  }
  for (let attempt = 1; ; attempt += 1) {
    const series = await ownSeries(accountId, seriesId);
    const anchor = seriesOccurrenceAt(series, series.next_index);
    const rule = change.rule ? readRepeatRule(change.rule, anchor, clock.now(), 'rule') : undefined;
    const changed = await changeSeries(
      series,
      { ...(rule ? { rule, anchor: anchor.toISOString() } : {}), ...(change.variations ? { variations: change.variations } : {}) },
      series.next_index,
    );
    if (changed) return getSeriesView(accountId, seriesId);
    if (attempt >= MAX_ATTEMPTS) throw new DomainError('SERVICE_UNAVAILABLE');
  }
}

/**
 * DELETE /series/{id}: stops the series, then deletes its occurrences still waiting (scheduled or
 * failed); published ones stay. The occurrence a concurrent advance may be making is looked for
 * by its derived id too (and the advance itself deletes a post it made for a stopped series).
 */
export async function deleteSeries(accountId: string, seriesId: string, actor: AuditActor): Promise<void> {
  const series = await ownSeries(accountId, seriesId);
  await stopSeries(accountId, seriesId);
  const stopped = (await getSeries(accountId, seriesId)) ?? series;
  const ids = new Set([...stopped.posts.map((ref) => ref.id), derivedId('series', seriesId, stopped.next_index)]);
  for (const postId of ids) await deleteOccurrence(accountId, postId, actor);
}

/** Deletes one waiting occurrence (audited as `actor`'s); one published, publishing or gone already is left as it is. */
export async function deleteOccurrence(accountId: string, postId: string, actor: AuditActor): Promise<void> {
  const post = await getPostItem(postId);
  if (!post || post.account_id !== accountId || !['scheduled', 'failed', 'draft'].includes(post.status)) return;
  try {
    await deletePost(accountId, postId, { scope: 'write', actor });
  } catch (error) {
    if (error instanceof DomainError && ['POST_NOT_FOUND', 'POST_PUBLISHED'].includes(error.code)) return;
    logger.warn('occurrence of a deleted series not deleted', { post_id: postId, error: error as Error });
    throw error;
  }
}
