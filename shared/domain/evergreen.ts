import { DomainError } from './errors';
import type { Post } from './post';
import type { RecycleSetting } from './queue-schedule';

/**
 * Evergreen recycling (docs/api.md, "Evergreen recycling"): the queue's setting, and which
 * evergreen post goes again. A recycled copy is a new post naming the first post of its line
 * (`recycled_from`); a line is judged by its latest publication. Pure: no store, no clock.
 */
export type { RecycleSetting };

export const MIN_RECYCLE_GAP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Recycling fills a free slot only when nothing is scheduled this far ahead. */
export const RECYCLE_LOOKAHEAD_MS = DAY_MS;

/** Checks `recycle` as PUT /queue takes it (INVALID_FIELD `recycle`); null turns recycling off. */
export function readRecycle(input: unknown): RecycleSetting | null {
  if (input === null) return null;
  const invalid = () =>
    new DomainError(
      'INVALID_FIELD',
      { field: 'recycle' },
      { message: `recycle must be {"when_empty": boolean, "min_gap_days": integer >= ${MIN_RECYCLE_GAP_DAYS}} or null` },
    );
  if (typeof input !== 'object' || Array.isArray(input)) throw invalid();
  const { when_empty: whenEmpty, min_gap_days: minGapDays, ...rest } = input as Record<string, unknown>;
  if (Object.keys(rest).length || typeof whenEmpty !== 'boolean') throw invalid();
  if (typeof minGapDays !== 'number' || !Number.isInteger(minGapDays) || minGapDays < MIN_RECYCLE_GAP_DAYS || minGapDays > 3650)
    throw invalid();
  return { when_empty: whenEmpty, min_gap_days: minGapDays };
}

/** The line of an evergreen post: the first post it repeats, or itself. */
export const lineOf = (post: Pick<Post, 'id' | 'recycled_from'>): string => post.recycled_from ?? post.id;

export interface RecycleChoice {
  /** The first post of the line: its text (or its series' next variation) is what goes again. */
  root: Post;
  /** Copies made of it so far. */
  copies: number;
}

/**
 * The line to queue again into a slot at `slot`: among lines with nothing waiting to publish, the
 * one whose latest publication is oldest, and at least `min_gap_days` before the slot.
 */
export function chooseRecycled(posts: readonly Post[], setting: RecycleSetting, slot: Date): RecycleChoice | undefined {
  const lines = new Map<string, Post[]>();
  for (const post of posts) lines.set(lineOf(post), [...(lines.get(lineOf(post)) ?? []), post]);
  let best: { choice: RecycleChoice; last: number } | undefined;
  for (const [rootId, members] of lines) {
    const root = members.find((post) => post.id === rootId);
    if (!root) continue; // the first post was deleted: its line ends
    if (members.some((post) => post.status === 'scheduled' || post.status === 'publishing')) continue;
    const published = members.filter((post) => post.published_at && (post.status === 'published' || post.status === 'partially_published'));
    if (!published.length) continue;
    const last = Math.max(...published.map((post) => Date.parse(post.published_at!)));
    if (slot.getTime() - last < setting.min_gap_days * DAY_MS) continue;
    if (!best || last < best.last) best = { choice: { root, copies: members.length - 1 }, last };
  }
  return best?.choice;
}
