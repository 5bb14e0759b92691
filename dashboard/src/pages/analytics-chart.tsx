import type { components } from '../../../client/src/schema.gen';

export type AnalyticsDay = components['schemas']['AnalyticsDay'];

/** The figures stacked in each day's bar, bottom to top, each with its colour (see styles in the SVG). */
const SERIES = [
  { key: 'likes', label: 'Likes', color: '#2563eb' },
  { key: 'reposts', label: 'Reposts', color: '#16a34a' },
  { key: 'replies', label: 'Replies', color: '#d97706' },
  { key: 'quotes', label: 'Quotes', color: '#9333ea' },
  { key: 'clicks', label: 'Clicks', color: '#dc2626' },
] as const;

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };

/** A round axis maximum at or above `value` (1, 2 or 5 times a power of ten). */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((candidate) => candidate >= value) as number;
}

/**
 * The per-day chart, drawn by the page as SVG (no chart library, no image from a server): one
 * stacked bar per day (likes, reposts, replies, quotes, clicks on tracked links), a y axis with three ticks, and the first,
 * middle and last dates under the bars. A table with the same figures follows it for screen readers.
 */
export function AnalyticsChart({ days }: { days: AnalyticsDay[] }) {
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const total = (day: AnalyticsDay) => SERIES.reduce((sum, series) => sum + day[series.key], 0);
  const max = niceMax(Math.max(0, ...days.map(total)));
  const slot = innerWidth / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const y = (value: number) => PAD.top + innerHeight - (value / max) * innerHeight;
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);
  const summary = `Engagement per day from ${days[0]?.date ?? ''} to ${days[days.length - 1]?.date ?? ''}: ${
    days
      .filter((day) => total(day) > 0)
      .map((day) => `${day.date} ${total(day)}`)
      .join(', ') || 'none yet'
  }`;
  return (
    <figure class="analytics-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} data-testid="analytics-chart">
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#d1d5db" stroke-width="1" />
            <text x={PAD.left - 6} y={y(tick) + 4} text-anchor="end" font-size="11" fill="#4b5563">
              {tick}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          let base = 0;
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          return (
            <g key={day.date} data-date={day.date} data-total={total(day)}>
              <title>{`${day.date}: ${day.posts} post(s), ${SERIES.map((s) => `${day[s.key]} ${s.label.toLowerCase()}`).join(', ')}`}</title>
              {SERIES.map((series) => {
                const value = day[series.key];
                const top = y(base + value);
                const height = y(base) - top;
                base += value;
                return value > 0 ? <rect key={series.key} x={x} y={top} width={barWidth} height={height} fill={series.color} /> : null;
              })}
              {labelled.has(index) && (
                <text x={x + barWidth / 2} y={HEIGHT - 8} text-anchor="middle" font-size="11" fill="#4b5563">
                  {day.date.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        {SERIES.map((series) => (
          <span key={series.key} class="legend">
            <span class="swatch" style={{ background: series.color }} aria-hidden="true" /> {series.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
