import type { Post } from './api';
import { dayKey, postTime } from './calendar-dates';

/**
 * What the planner shows on a day, in time order: posts (scheduled, published, failed…), drafts,
 * occurrences of a repeating series, and the queue's free slots. Each kind has its own look and
 * its own words on screen (never colour alone) and a line in the legend.
 */
export type EntryKind = 'scheduled' | 'series' | 'draft' | 'slot' | 'other';

export type PlannerEntry =
  { kind: Exclude<EntryKind, 'slot'>; at: string; post: Post; series: string | undefined } | { kind: 'slot'; at: string };

export const LEGEND: readonly { kind: EntryKind; text: string }[] = [
  { kind: 'scheduled', text: 'Scheduled post (drag it, or use Move)' },
  { kind: 'series', text: 'Repeat: one occurrence of a repeating series' },
  { kind: 'draft', text: 'Draft: on its wished time, else the day it was written' },
  { kind: 'slot', text: 'Free queue slot (drop a post on it to take its time)' },
  { kind: 'other', text: 'Published, publishing or failed post' },
];

/**
 * The series a post belongs to. The field comes with repeating posts (`series_id`; the issue's
 * wording is `repeat_of`), read defensively so the planner works before and after it exists.
 */
export function seriesOf(post: Post): string | undefined {
  const fields = post as Post & { series_id?: unknown; repeat_of?: unknown };
  const series = fields.series_id ?? fields.repeat_of;
  return typeof series === 'string' && series ? series : undefined;
}

function kindOf(post: Post, series: string | undefined): Exclude<EntryKind, 'slot'> {
  if (post.status === 'draft') return 'draft';
  if (series) return 'series';
  return post.status === 'scheduled' ? 'scheduled' : 'other';
}

/** Only a scheduled post with a time can be moved (a PATCH of scheduled_for). */
export const movable = (post: Post): boolean => post.status === 'scheduled' && post.scheduled_for !== null;

/**
 * Entries by local day (calendar-dates' dayKey). A free slot is left out where a post already
 * sits at that very minute: a post moved by hand onto a slot's time does not hold the slot
 * (docs/api.md, "Posting queue"), but showing the slot free beside it would invite a clash.
 */
export function entriesByDay(posts: readonly Post[], freeSlots: readonly string[]): Map<string, PlannerEntry[]> {
  const entries: PlannerEntry[] = posts.map((post) => {
    const series = seriesOf(post);
    return { kind: kindOf(post, series), at: postTime(post), post, series };
  });
  const taken = new Set(posts.filter((post) => post.scheduled_for).map((post) => Date.parse(post.scheduled_for as string)));
  for (const slot of freeSlots) if (!taken.has(Date.parse(slot))) entries.push({ kind: 'slot', at: slot });
  entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const byDay = new Map<string, PlannerEntry[]>();
  for (const entry of entries) {
    const key = dayKey(new Date(entry.at));
    byDay.set(key, [...(byDay.get(key) ?? []), entry]);
  }
  return byDay;
}

/** The same local time of day as `from`, on `day` (the browser's zone): a post dropped on a day keeps its time. */
export function onDay(from: Date, day: Date): Date {
  const moved = new Date(day);
  moved.setHours(from.getHours(), from.getMinutes(), from.getSeconds(), 0);
  return moved;
}
