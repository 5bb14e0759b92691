import { chooseRecycled, RECYCLE_LOOKAHEAD_MS } from '#shared/domain/evergreen';
import { DomainError } from '#shared/domain/errors';
import { derivedId, occurrenceText } from '#shared/domain/series';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { anyPostBetween, evergreenPosts } from '#shared/store/evergreen-posts';
import { getQueueSchedule } from '#shared/store/queue';
import { getSeries } from '#shared/store/series';
import { createPost, type NewPost } from '../create-post';
import { freeQueueSlots } from '../queue/queue-slots';
import { actorOfCreator } from './occurrence-audit';

/** Thrown inside a copy's creation when an earlier run made it already (its derived id exists). */
class CopyExists extends Error {}

/**
 * Evergreen recycling for one account (docs/api.md, "Evergreen recycling"): when its queue recycles,
 * the next day has a free slot and nothing is scheduled in the next day, the evergreen line published
 * longest ago (not within min_gap_days of the slot) is queued again there as a new post: the first
 * post's text, or its series' next variation. The copy's id is derived from the line and the slot,
 * so two runs at once make one copy. Answers the post made, if any.
 */
export async function recycleEvergreen(accountId: string): Promise<string | undefined> {
  const schedule = await getQueueSchedule(accountId);
  if (!schedule?.recycle?.when_empty) return undefined;
  const now = clock.now();
  const [slot] = await freeQueueSlots(accountId, schedule, now, 1);
  const horizon = new Date(now.getTime() + RECYCLE_LOOKAHEAD_MS);
  if (!slot || slot.getTime() > horizon.getTime()) return undefined;
  if (await anyPostBetween(accountId, now, horizon)) return undefined;
  const choice = chooseRecycled(await evergreenPosts(accountId), schedule.recycle, slot);
  if (!choice) return undefined;
  const { root, copies } = choice;
  const series = root.series_id ? await getSeries(accountId, root.series_id) : undefined;
  // A series' post goes again with the variation after the last one used in its line.
  const text = series
    ? occurrenceText(series, (root.series_index ?? 0) + copies + 1)
    : { content: root.content, platform_content: root.platform_content };
  const input: NewPost = {
    content: text.content,
    ...(text.platform_content ? { platform_content: text.platform_content } : {}),
    platforms: root.platforms,
    ...(root.link_preview === false ? { link_preview: false } : {}),
    ...(root.first_comment !== undefined ? { first_comment: root.first_comment } : {}),
    ...(root.platform_first_comment ? { platform_first_comment: root.platform_first_comment } : {}),
    ...(root.media?.length ? { media: root.media.map((media) => media.id) } : {}),
    evergreen: true,
    queue: true,
  };
  const postId = derivedId('recycle', root.id, slot.getTime());
  try {
    await createPost(
      accountId,
      input,
      undefined,
      { scope: 'write', actor: actorOfCreator(accountId, root.created_by) },
      {
        id: postId,
        createdBy: root.created_by,
        fields: { recycled_from: root.id },
        duplicate: () => new CopyExists(),
        queueFrom: slot,
      },
    );
  } catch (error) {
    if (error instanceof CopyExists) return undefined;
    if (!(error instanceof DomainError)) throw error;
    logger.info('evergreen post not recycled', { post_id: root.id, error_code: error.code });
    return undefined;
  }
  logger.info('evergreen post recycled', { recycled_from: root.id, post_id: postId, slot: slot.toISOString() });
  return postId;
}
