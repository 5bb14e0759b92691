import { DomainError } from '#shared/domain/errors';

/** Scheduling bounds (docs/api.md, "Posts"): at least 60 s after the request, at most 365 days ahead. */
export const MIN_LEAD_MS = 60_000;
export const MAX_AHEAD_MS = 365 * 24 * 60 * 60 * 1000;

// Date and time with seconds and a zone (Z or ±hh:mm); fractions optional.
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Parses an ISO 8601 date-time strictly: no rolled-over dates (Feb 30), no missing zone. */
export function parseIsoDateTime(value: string): Date | undefined {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const zone = match[8];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (zone !== 'Z' && zone !== 'z' && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4, 6)) > 59)) return undefined;
  const time = Date.parse(value.toUpperCase());
  return Number.isNaN(time) ? undefined : new Date(time);
}

/**
 * The post's scheduled time, or null to publish now. INVALID_SCHEDULED_TIME when it is not a
 * strict ISO 8601 date-time, less than a minute after `now`, or more than 365 days ahead.
 */
export function parseScheduledFor(value: string | null | undefined, now: Date): Date | null {
  if (value === undefined || value === null) return null;
  const time = parseIsoDateTime(value);
  if (!time) throw new DomainError('INVALID_SCHEDULED_TIME');
  const lead = time.getTime() - now.getTime();
  if (lead < MIN_LEAD_MS || lead > MAX_AHEAD_MS) throw new DomainError('INVALID_SCHEDULED_TIME');
  return time;
}
