import { DomainError } from '#shared/domain/errors';
import { MIN_LEAD_MS } from '#shared/domain/scheduled-time';
import { derivedId, nextOccurrence, occurrenceText, seriesOccurrenceAt, type Series, type SkippedOccurrence } from '#shared/domain/series';
import { withinRule } from '#shared/domain/repeat-rule';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { getPostItem } from '#shared/store/posts';
import { getSeries, moveSeriesCursor } from '#shared/store/series';
import { createPost, type NewPost } from '../create-post';
import { actorOfCreator } from './occurrence-audit';
import { deleteOccurrence } from './series-resource';

/** Thrown inside an occurrence's creation when an earlier attempt made it already (its derived id exists). */
class OccurrenceExists extends Error {}

/** Advances before giving up for this call (a cursor moved by another advance is read again). */
const MAX_STEPS = 4;

/**
 * Makes the next occurrence of a series when its time has come (docs/api.md, "Repeating posts
 * (series)"): called when an occurrence falls due (the publisher) and by the series tick (a
 * skipped occurrence has no post to fall due). Exactly once per occurrence: the post's id is
 * derived from the series and the index, so a second attempt meets the first one's post, and the
 * cursor moves only from the index it read. A refusal (monthly limit, LinkedIn spacing, a
 * platform disconnected, the queue full) skips that occurrence with its reason; the series goes on.
 */
export async function advanceSeries(accountId: string, seriesId: string): Promise<void> {
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const series = await getSeries(accountId, seriesId);
    if (!series || series.status !== 'active' || !series.create_from) return;
    const now = clock.now();
    if (Date.parse(series.create_from) > now.getTime()) return;
    const moved = await makeNext(series, now);
    if (!moved) continue;
    // Made or skipped: the one after it waits for this one's time, unless that has passed too.
  }
}

async function makeNext(series: Series, now: Date): Promise<boolean> {
  const index = series.next_index;
  const at = nextOccurrence(series);
  if (!at) return moveSeriesCursor(series, { fromIndex: index });
  const following = seriesOccurrenceAt(series, index + 1);
  const createFrom = withinRule(series.rule, index + 1, following) ? at.toISOString() : undefined;
  if (at.getTime() < now.getTime() + MIN_LEAD_MS) {
    // Its creation came too late (the service was down past its time): skipped, never published late.
    return moveSeriesCursor(series, {
      fromIndex: index,
      createFrom,
      skipped: skipped(at, 'INVALID_SCHEDULED_TIME', 'Its time had passed'),
    });
  }
  const postId = derivedId('series', series.id, index);
  try {
    const created = await createPost(
      series.account_id,
      occurrenceInput(series, index, at),
      undefined,
      { scope: 'write', actor: actorOfCreator(series.account_id, series.created_by) },
      {
        id: postId,
        createdBy: series.created_by,
        fields: { series_id: series.id, series_index: index },
        duplicate: () => new OccurrenceExists(),
        queueFrom: at,
      },
    );
    logger.info('series occurrence created', { series_id: series.id, index, post_id: postId });
    const moved = await moveSeriesCursor(series, {
      fromIndex: index,
      createFrom,
      post: { id: postId, index, scheduled_for: created.post.scheduled_for },
    });
    // Deleted while this occurrence was being made: it goes too (DELETE /series/{id} keeps only published posts).
    if (!moved && (await getSeries(series.account_id, series.id))?.status === 'stopped')
      await deleteOccurrence(series.account_id, postId, actorOfCreator(series.account_id, series.created_by));
    return moved;
  } catch (error) {
    if (error instanceof OccurrenceExists) {
      const existing = await getPostItem(postId);
      return moveSeriesCursor(series, {
        fromIndex: index,
        createFrom,
        post: { id: postId, index, scheduled_for: existing?.scheduled_for ?? null },
      });
    }
    if (!(error instanceof DomainError)) throw error;
    logger.info('series occurrence skipped', { series_id: series.id, index, error_code: error.code });
    return moveSeriesCursor(series, { fromIndex: index, createFrom, skipped: skipped(at, error.code, reasonOf(error)) });
  }
}

function occurrenceInput(series: Series, index: number, at: Date): NewPost {
  const { template } = series;
  const text = occurrenceText(series, index);
  return {
    content: text.content,
    ...(text.platform_content ? { platform_content: text.platform_content } : {}),
    platforms: template.platforms,
    ...(template.link_preview === false ? { link_preview: false } : {}),
    ...(template.first_comment !== undefined ? { first_comment: template.first_comment } : {}),
    ...(template.platform_first_comment ? { platform_first_comment: template.platform_first_comment } : {}),
    ...(template.media?.length ? { media: template.media.map((media) => media.id) } : {}),
    ...(template.evergreen ? { evergreen: true } : {}),
    ...(series.rule.queue ? { queue: true } : { scheduled_for: at.toISOString() }),
  };
}

const skipped = (at: Date, code: string, message: string): SkippedOccurrence => ({ at: at.toISOString(), error: { code, message } });

/** The reason a refusal gives, as a client reads it in `skipped`. */
function reasonOf(error: DomainError): string {
  if (error.specificMessage) return error.specificMessage;
  const extras = error.extras as Record<string, unknown>;
  const reasons: Partial<Record<string, string>> = {
    MONTHLY_LIMIT_EXCEEDED: `Monthly limit of ${String(extras.limit)} posts reached; it resets at ${String(extras.resets_at)}`,
    RATE_LIMIT_EXCEEDED: `LinkedIn posts must be at least 60 seconds apart; next available ${String(extras.next_available)}`,
    PLATFORMS_NOT_CONNECTED: `Platforms not connected: ${String(extras.missing_platforms)}`,
    QUEUE_FULL: 'No free queue slot in the next 365 days',
    QUEUE_NOT_CONFIGURED: 'The posting queue has no schedule',
  };
  return reasons[error.code] ?? error.code;
}
