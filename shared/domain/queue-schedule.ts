import { DomainError } from './errors';

/**
 * The posting queue's schedule (docs/api.md, "Posting queue"): weekly wall-clock slots in an IANA
 * time zone, turned into UTC instants with the platform's own time-zone data (Intl). A slot whose
 * wall-clock time does not exist that day (a daylight-saving gap) is skipped; one that exists
 * twice (an overlap) is its first occurrence. Pure: no store, no clock.
 */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface QueueSlot {
  day: Weekday;
  /** HH:MM, 24-hour, in the schedule's zone. */
  time: string;
}

/** The queue's evergreen recycling (docs/api.md, "Evergreen recycling"); its rules are in ./evergreen.ts. */
export interface RecycleSetting {
  when_empty: boolean;
  min_gap_days: number;
}

export interface QueueSchedule {
  timezone: string;
  slots: QueueSlot[];
  /** Evergreen recycling (docs/api.md, "Evergreen recycling"), once set. */
  recycle?: RecycleSetting;
}

export const MAX_QUEUE_SLOTS = 50;
/** A queued post takes a slot at least this far after the request (as a scheduled_for must be). */
export const QUEUE_MIN_LEAD_MS = 60_000;
/** How far ahead a queued post looks for a free slot before QUEUE_FULL. */
export const QUEUE_HORIZON_MS = 365 * 24 * 60 * 60 * 1000;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The zone's canonical name, or undefined when Intl does not know it. */
export function canonicalTimeZone(name: unknown): string | undefined {
  if (typeof name !== 'string' || !name || name.length > 100) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * Checks a schedule as a client sent it: INVALID_FIELD `timezone` for an unknown zone,
 * INVALID_FIELD `slots` for a malformed slot or more than 50. Duplicate slots are merged; the
 * result is sorted by weekday, then time.
 */
export function readSchedule(input: { timezone: unknown; slots: unknown }): QueueSchedule {
  const timezone = canonicalTimeZone(input.timezone);
  if (!timezone) {
    throw new DomainError(
      'INVALID_FIELD',
      { field: 'timezone' },
      { message: 'timezone must be an IANA time zone name such as Europe/Berlin' },
    );
  }
  const malformed = () =>
    new DomainError(
      'INVALID_FIELD',
      { field: 'slots' },
      { message: `slots must be at most ${MAX_QUEUE_SLOTS} objects {"day": "mon".."sun", "time": "HH:MM"}` },
    );
  if (!Array.isArray(input.slots) || input.slots.length > MAX_QUEUE_SLOTS) throw malformed();
  const seen = new Map<string, QueueSlot>();
  for (const slot of input.slots as unknown[]) {
    if (typeof slot !== 'object' || slot === null || Array.isArray(slot)) throw malformed();
    const { day, time, ...rest } = slot as Record<string, unknown>;
    if (Object.keys(rest).length || !WEEKDAYS.includes(day as Weekday) || typeof time !== 'string' || !TIME.test(time)) throw malformed();
    seen.set(`${day as string} ${time}`, { day: day as Weekday, time });
  }
  const slots = [...seen.values()].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.time.localeCompare(b.time));
  return { timezone, slots };
}

interface WallClock {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The wall-clock time at `instantMs` in the zone (its seconds apart), and the zone's offset then in ms. */
export function wallClockAt(timezone: string, instantMs: number): WallClock & { second: number; offsetMs: number } {
  const parts = Object.fromEntries(
    formatterFor(timezone)
      .formatToParts(new Date(instantMs))
      .map((part) => [part.type, part.value]),
  );
  const wall = {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, Number(parts.second));
  const wholeSeconds = Math.floor(instantMs / 1000) * 1000;
  return { ...wall, second: Number(parts.second), offsetMs: asUtc - wholeSeconds };
}

// Offsets at whole-day instants repeat from request to request: kept, up to a bound.
const offsetCache = new Map<string, number>();
function offsetAt(timezone: string, instantMs: number): number {
  const key = `${timezone}|${instantMs}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    if (offsetCache.size > 20_000) offsetCache.clear();
    offset = wallClockAt(timezone, instantMs).offsetMs;
    offsetCache.set(key, offset);
  }
  return offset;
}

/**
 * The UTC instant of a wall-clock time in the zone: undefined when that time does not exist
 * (skipped by a daylight-saving gap), the earlier instant when it exists twice (an overlap).
 * `offsets` may be given: the zone's offsets a day either side, when the caller knows them.
 */
export function zonedInstant(timezone: string, wall: WallClock, offsets?: readonly number[]): Date | undefined {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offsets in force a day either side cover any single transition near this time.
  const around = offsets ?? [wallClockAt(timezone, naive - DAY_MS).offsetMs, wallClockAt(timezone, naive + DAY_MS).offsetMs];
  const distinct = [...new Set(around)];
  // No transition near: the one offset is right.
  if (distinct.length === 1) return new Date(naive - distinct[0]);
  const matches = distinct
    .map((offset) => naive - offset)
    .filter((instant) => {
      const back = wallClockAt(timezone, instant);
      return (
        back.year === wall.year &&
        back.month === wall.month &&
        back.day === wall.day &&
        back.hour === wall.hour &&
        back.minute === wall.minute
      );
    })
    .sort((a, b) => a - b);
  return matches.length ? new Date(matches[0]) : undefined;
}

/** Mon..Sun of a calendar date (proleptic, zone-free). */
const weekdayOf = (year: number, month: number, day: number): Weekday =>
  WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7];

/**
 * The schedule's slot instants in [from, until), in time order. Walks the zone's calendar days
 * from the local date of `from` (one day earlier, for zones behind UTC at the edge) and keeps
 * each existing slot time in the range.
 */
export function slotInstants(schedule: QueueSchedule, from: Date, until: Date): Date[] {
  if (!schedule.slots.length || until.getTime() <= from.getTime()) return [];
  const start = wallClockAt(schedule.timezone, from.getTime());
  const found: Date[] = [];
  const seen = new Set<number>();
  for (let offset = -1; ; offset += 1) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    // Past `until` by more than a day in every zone: done.
    if (date.getTime() - 2 * DAY_MS > until.getTime()) break;
    const weekday = weekdayOf(year, month, day);
    const daySlots = schedule.slots.filter((slot) => slot.day === weekday);
    if (!daySlots.length) continue;
    // The offsets from a day before this date's start to a day after its end: any slot of the day is within a day of both.
    const offsets = [offsetAt(schedule.timezone, date.getTime() - DAY_MS), offsetAt(schedule.timezone, date.getTime() + 2 * DAY_MS)];
    for (const slot of daySlots) {
      const [hour, minute] = slot.time.split(':').map(Number);
      const instant = zonedInstant(schedule.timezone, { year, month, day, hour, minute }, offsets);
      if (!instant || seen.has(instant.getTime())) continue;
      if (instant.getTime() >= from.getTime() && instant.getTime() < until.getTime()) {
        seen.add(instant.getTime());
        found.push(instant);
      }
    }
  }
  return found.sort((a, b) => a.getTime() - b.getTime());
}

/** The earliest instant a queued post requested at `now` may take. */
export const earliestQueueTime = (now: Date): Date => new Date(now.getTime() + QUEUE_MIN_LEAD_MS);
