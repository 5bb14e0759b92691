import type { Resource } from './api-types.gen';
import { DomainError } from './errors';
import type { Platform } from './platforms';
import { sumKnown, type PlatformMetrics } from './post-metrics';

/** GET /analytics covers at most this many days, both ends included. */
export const MAX_ANALYTICS_DAYS = 366;

/**
 * One day of GET /analytics: the type generated from its response schema (shared/api/schemas/metrics.ts),
 * so the shape is written once (`impressions` is null when no post of the day has impressions).
 */
export type AnalyticsDay = Resource<'AnalyticsDay'>;

/** One published post as analytics counts it: its day, the platforms it went out on, their latest figures. */
export interface AnalyticsEntry {
  post_id: string;
  day: string;
  platforms: Platform[];
  metrics: Partial<Record<Platform, PlatformMetrics>>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60_000;

function parseDay(value: unknown, field: 'from' | 'to'): number {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  // Date.UTC rolls 2026-02-30 over to March: a real date reads back the same.
  if (!match || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    throw new DomainError('INVALID_FIELD', { field }, { message: `Invalid field: ${field} (a UTC date, YYYY-MM-DD)` });
  }
  return time;
}

/** The days from..to (inclusive), or INVALID_FIELD naming the parameter at fault. */
export function analyticsDays(from: unknown, to: unknown): string[] {
  const start = parseDay(from, 'from');
  const end = parseDay(to, 'to');
  if (end < start) throw new DomainError('INVALID_FIELD', { field: 'to' }, { message: 'Invalid field: to (before from)' });
  const count = (end - start) / DAY_MS + 1;
  if (count > MAX_ANALYTICS_DAYS) {
    throw new DomainError(
      'INVALID_FIELD',
      { field: 'to' },
      { message: `Invalid field: to (at most ${MAX_ANALYTICS_DAYS} days from from)` },
    );
  }
  return Array.from({ length: count }, (_, index) => new Date(start + index * DAY_MS).toISOString().slice(0, 10));
}

/** One row per day: the posts published that day (on `platform`, when given) and the sums of their latest figures. */
export function analyticsRows(days: string[], entries: AnalyticsEntry[], platform: Platform | null): AnalyticsDay[] {
  return days.map((date) => {
    const counted = entries.filter((entry) => entry.day === date && (!platform || entry.platforms.includes(platform)));
    const figures = counted.flatMap((entry) =>
      (platform ? [platform] : entry.platforms).map((name) => entry.metrics[name]).filter((m): m is PlatformMetrics => !!m),
    );
    const total = (name: 'likes' | 'reposts' | 'replies' | 'quotes'): number => sumKnown(figures.map((m) => m[name])) ?? 0;
    return {
      date,
      posts: counted.length,
      likes: total('likes'),
      reposts: total('reposts'),
      replies: total('replies'),
      quotes: total('quotes'),
      impressions: sumKnown(figures.map((m) => m.impressions)),
      // Clicks of the day's posts as of their latest figures (docs/decisions/0278-clicks-counted-per-post-platform-day.md).
      clicks: sumKnown(figures.map((m) => m.clicks)) ?? 0,
    };
  });
}
