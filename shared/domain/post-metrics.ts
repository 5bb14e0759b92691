import type { Platform } from './platforms';

/**
 * A published post's figures as read back from a platform (docs/api.md, "Metrics and
 * analytics"). A figure the platform does not give is null, never 0.
 */
export interface PlatformMetrics {
  likes: number | null;
  reposts: number | null;
  replies: number | null;
  quotes: number | null;
  impressions: number | null;
  /** Clicks on the post's tracked links there (docs/api.md, "Tracked links"); absent when it tracked none. */
  clicks?: number;
  /** When they were read (ISO 8601). */
  collected_at: string;
}

export type PostMetrics = Partial<Record<Platform, PlatformMetrics>>;

/** Why a collection runs: one of the three after publishing, or a client's refresh. */
export const COLLECTION_REASONS = ['1h', '24h', '7d', 'refresh'] as const;
export type CollectionReason = (typeof COLLECTION_REASONS)[number];

/** The collections every published post gets, and how long after its publication each runs. */
export const SCHEDULED_COLLECTIONS: readonly { reason: Exclude<CollectionReason, 'refresh'>; afterMs: number }[] = [
  { reason: '1h', afterMs: 60 * 60_000 },
  { reason: '24h', afterMs: 24 * 60 * 60_000 },
  { reason: '7d', afterMs: 7 * 24 * 60 * 60_000 },
];

/** A post's metrics are refreshed on request at most this often. */
export const REFRESH_INTERVAL_MS = 5 * 60_000;

/** What the metrics queue carries to the collector. */
export interface MetricsTask {
  post_id: string;
  reason: CollectionReason;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Parses a task from a queue message body; undefined for anything else. */
export function parseMetricsTask(input: unknown): MetricsTask | undefined {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return undefined;
    }
  }
  if (!value || typeof value !== 'object') return undefined;
  const { post_id: postId, reason } = value as Record<string, unknown>;
  if (typeof postId !== 'string' || !UUID.test(postId)) return undefined;
  if (!COLLECTION_REASONS.includes(reason as CollectionReason)) return undefined;
  return { post_id: postId, reason: reason as CollectionReason };
}

/** Whole seconds until a refresh is allowed again (at least 1), or 0 when it is allowed now. */
export function refreshWaitSeconds(lastRefreshAt: string | undefined, now: Date): number {
  if (!lastRefreshAt) return 0;
  const remaining = Date.parse(lastRefreshAt) + REFRESH_INTERVAL_MS - now.getTime();
  return remaining > 0 ? Math.max(1, Math.ceil(remaining / 1000)) : 0;
}

/** The UTC day (YYYY-MM-DD) of an instant. */
export const utcDay = (iso: string): string => new Date(iso).toISOString().slice(0, 10);

/**
 * The day a post counts under in analytics: the UTC day of its first platform publication. A
 * retry that later publishes another platform does not move it (so its analytics entry stays put).
 */
export function publicationDay(results: { status: string; published_at: string | null }[]): string | null {
  const times = results
    .filter((result) => result.status === 'published' && result.published_at)
    .map((result) => result.published_at as string)
    .sort();
  return times[0] ? utcDay(times[0]) : null;
}

/** Sums figures where any is known; null when none is (a platform that never gives it). */
export function sumKnown(values: (number | null | undefined)[]): number | null {
  const known = values.filter((value): value is number => typeof value === 'number');
  return known.length ? known.reduce((total, value) => total + value, 0) : null;
}
