import { DomainError } from './errors';
import { wallClockAt, zonedInstant } from './queue-schedule';
import { parseIsoDateTime } from './scheduled-time';

/**
 * Repeat rules (docs/api.md, "Repeating posts (series)"): when each occurrence of a series falls.
 * Every rule is calendar-based in the series' time zone (the queue's, or UTC): occurrence k keeps
 * the wall-clock time of the first occurrence on the date k steps later, so a weekly post at 09:00
 * stays at 09:00 across daylight saving (docs/decisions/0261-repeat-times-keep-the-local-wall-time.md).
 * Pure: no store, no clock.
 */
export type RepeatUnit = 'days' | 'weeks' | 'months';
export const REPEAT_UNITS: readonly RepeatUnit[] = ['days', 'weeks', 'months'];
export const MAX_REPEAT_COUNT = 100;
export const MAX_VARIATIONS = 10;
/** `until` at most this many calendar years ahead. */
export const MAX_UNTIL_YEARS = 2;

export interface RepeatRule {
  every: Partial<Record<RepeatUnit, number>>;
  until?: string;
  count?: number;
  /** true: each occurrence after the first takes the first free queue slot at or after its time. */
  queue?: true;
}

/** `repeat` as POST /posts takes it. */
export interface RepeatRequest extends RepeatRule {
  variations?: string[];
}

const invalid = (message: string, field = 'repeat') => new DomainError('INVALID_FIELD', { field }, { message });

/** The one unit and step of a rule (the schema admits exactly one). */
export function stepOf(rule: Pick<RepeatRule, 'every'>): { unit: RepeatUnit; n: number } {
  const unit = REPEAT_UNITS.find((name) => rule.every[name] !== undefined);
  if (!unit) throw invalid('repeat.every needs one of days, weeks or months');
  return { unit, n: rule.every[unit]! };
}

/**
 * The rules the schema cannot say (INVALID_FIELD `repeat`): until or count (or both), until
 * parseable, after `firstAt` and at most 2 years ahead of `now`. Returns the rule as stored
 * (until normalised to ISO UTC).
 */
export function readRepeatRule(request: RepeatRequest, firstAt: Date, now: Date, field = 'repeat'): RepeatRule {
  const fail = (message: string) => invalid(message, field);
  const { n } = stepOf(request);
  if (!Number.isInteger(n) || n < 1) throw fail(`${field}.every takes a whole number of at least 1`);
  if (request.until === undefined && request.count === undefined) throw fail(`${field} needs until or count (or both)`);
  let until: string | undefined;
  if (request.until !== undefined) {
    const parsed = parseIsoDateTime(request.until);
    if (!parsed) throw fail(`${field}.until must be an ISO 8601 date-time with a zone`);
    const latest = new Date(now);
    latest.setUTCFullYear(latest.getUTCFullYear() + MAX_UNTIL_YEARS);
    if (parsed.getTime() > latest.getTime()) throw fail(`${field}.until may be at most 2 years ahead`);
    if (parsed.getTime() < firstAt.getTime()) throw fail(`${field}.until must not be before the first occurrence`);
    until = parsed.toISOString();
  }
  return {
    every: request.every,
    ...(until ? { until } : {}),
    ...(request.count !== undefined ? { count: request.count } : {}),
    ...(request.queue ? { queue: true as const } : {}),
  };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The nominal time of occurrence `index` (0: the first, `anchor` itself): the anchor's wall-clock
 * time in `timezone` on the date `index` steps later, counted from the anchor each time (a monthly
 * rule from the 31st gives the last day of shorter months, and the 31st again after them). A time
 * a daylight-saving gap skips moves on by the gap; one an overlap repeats is its first occurrence.
 */
export function occurrenceAt(rule: Pick<RepeatRule, 'every'>, anchor: Date, timezone: string, index: number): Date {
  if (index === 0) return anchor;
  const { unit, n } = stepOf(rule);
  const wall = wallClockAt(timezone, anchor.getTime());
  let date: Date;
  if (unit === 'months') {
    const monthIndex = wall.month - 1 + n * index;
    const year = wall.year + Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    date = new Date(Date.UTC(year, month - 1, Math.min(wall.day, daysInMonth(year, month))));
  } else {
    date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + n * index * (unit === 'weeks' ? 7 : 1)));
  }
  const target = {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: wall.hour,
    minute: wall.minute,
  };
  const instant = zonedInstant(timezone, target) ?? zonedInstant(timezone, { ...target, hour: target.hour + 1 });
  // Past a gap longer than an hour (none in today's zone data): the UTC reading of the wall time.
  const base = instant ?? new Date(Date.UTC(target.year, target.month - 1, target.day, target.hour, target.minute));
  return new Date(base.getTime() + wall.second * 1000 + (anchor.getTime() % 1000));
}

/** Whether occurrence `index` at `at` is still within the rule's count and until. */
export function withinRule(rule: RepeatRule, index: number, at: Date): boolean {
  if (rule.count !== undefined && index >= rule.count) return false;
  if (rule.until !== undefined && at.getTime() > Date.parse(rule.until)) return false;
  return true;
}

/**
 * The text of occurrence `index`: the post's content first, then each variation in turn, round
 * and round (docs/decisions/0262-variations-follow-the-content-in-turn.md). `variant` 0 is content.
 */
export function variantOf(variations: readonly string[], index: number): number {
  return index % (variations.length + 1);
}
