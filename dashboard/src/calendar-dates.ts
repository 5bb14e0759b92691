/**
 * Calendar arithmetic in the browser's own time zone (Date's local methods): days are local
 * days, weeks start on Monday, and moving by a day or a month follows local dates across
 * daylight-saving changes (setDate/setMonth, never adding 24 h).
 */
export type CalendarView = 'month' | 'week';

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-23`: the local date of an instant. */
export const dayKey = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** The Monday on or before `date`, at local midnight. */
export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
  return day;
}

const addDays = (date: Date, days: number): Date => {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
};

/** The days shown: the week of `anchor`, or whole weeks covering its month. */
export function visibleDays(view: CalendarView, anchor: Date): Date[] {
  if (view === 'week') return Array.from({ length: 7 }, (_, index) => addDays(startOfWeek(anchor), index));
  const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const days: Date[] = [];
  for (let day = startOfWeek(first); day <= last || days.length % 7 !== 0; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The anchor one period before (-1) or after (+1). */
export function shiftPeriod(view: CalendarView, anchor: Date, by: -1 | 1): Date {
  return view === 'week' ? addDays(startOfWeek(anchor), 7 * by) : new Date(anchor.getFullYear(), anchor.getMonth() + by, 1);
}

const monthTitle = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const shortDate = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export function periodTitle(view: CalendarView, anchor: Date): string {
  if (view === 'month') return monthTitle.format(anchor);
  const start = startOfWeek(anchor);
  return `${shortDate.format(start)} – ${shortDate.format(addDays(start, 6))}`;
}

/** When a post appears on the calendar: when it went out, else when it is (or was) due. */
export const postTime = (post: { published_at: string | null; scheduled_for: string | null; created_at: string }): string =>
  post.published_at ?? post.scheduled_for ?? post.created_at;
