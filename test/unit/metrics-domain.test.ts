import { analyticsDays, analyticsRows, type AnalyticsEntry } from '#shared/domain/analytics';
import { DomainError } from '#shared/domain/errors';
import { parseMetricsTask, publicationDay, refreshWaitSeconds, sumKnown, type PlatformMetrics } from '#shared/domain/post-metrics';

/** The pure rules of metrics and analytics (docs/api.md, "Metrics and analytics"). */
const figures = (likes: number, impressions: number | null = null): PlatformMetrics => ({
  likes,
  reposts: null,
  replies: 1,
  quotes: null,
  impressions,
  collected_at: '2026-11-23T11:00:00.000Z',
});

describe('metrics domain', () => {
  it('lists the days from..to inclusive, and refuses bad or long ranges naming the parameter', () => {
    expect(analyticsDays('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(analyticsDays('2028-01-01', '2028-12-31')).toHaveLength(366);
    const fieldOf = (from: unknown, to: unknown) => {
      try {
        analyticsDays(from, to);
        return undefined;
      } catch (error) {
        return [(error as DomainError).code, (error as DomainError).extras.field];
      }
    };
    expect(fieldOf(undefined, '2026-01-01')).toEqual(['INVALID_FIELD', 'from']);
    expect(fieldOf('2026-02-29', '2026-03-01')).toEqual(['INVALID_FIELD', 'from']);
    expect(fieldOf('2026-01-02', '2026-01-01')).toEqual(['INVALID_FIELD', 'to']);
    expect(fieldOf('2026-01-01', '2027-01-02')).toEqual(['INVALID_FIELD', 'to']);
  });

  it("sums each day's entries, per platform when asked; impressions null unless some post has them", () => {
    const entries: AnalyticsEntry[] = [
      { post_id: 'a', day: '2026-11-23', platforms: ['linkedin', 'bluesky'], metrics: { linkedin: figures(2), bluesky: figures(5, 40) } },
      { post_id: 'b', day: '2026-11-23', platforms: ['bluesky'], metrics: {} },
      { post_id: 'c', day: '2026-11-24', platforms: ['linkedin'], metrics: { linkedin: figures(3) } },
    ];
    const days = ['2026-11-22', '2026-11-23', '2026-11-24'];
    expect(analyticsRows(days, entries, null)).toEqual([
      { date: '2026-11-22', posts: 0, likes: 0, reposts: 0, replies: 0, quotes: 0, impressions: null, clicks: 0 },
      { date: '2026-11-23', posts: 2, likes: 7, reposts: 0, replies: 2, quotes: 0, impressions: 40, clicks: 0 },
      { date: '2026-11-24', posts: 1, likes: 3, reposts: 0, replies: 1, quotes: 0, impressions: null, clicks: 0 },
    ]);
    expect(analyticsRows(days, entries, 'linkedin').map((row) => [row.posts, row.likes, row.impressions])).toEqual([
      [0, 0, null],
      [1, 2, null],
      [1, 3, null],
    ]);
  });

  it("counts a post under its first platform's publication day", () => {
    expect(
      publicationDay([
        { status: 'published', published_at: '2026-11-24T00:00:01.000Z' },
        { status: 'published', published_at: '2026-11-23T23:59:59.000Z' },
        { status: 'failed', published_at: null },
      ]),
    ).toBe('2026-11-23');
    expect(publicationDay([{ status: 'failed', published_at: null }])).toBeNull();
  });

  it('waits out 5 minutes between refreshes, in whole seconds, at least 1', () => {
    const now = new Date('2026-11-23T10:05:00.000Z');
    expect(refreshWaitSeconds(undefined, now)).toBe(0);
    expect(refreshWaitSeconds('2026-11-23T10:00:00.000Z', now)).toBe(0);
    expect(refreshWaitSeconds('2026-11-23T10:02:00.500Z', now)).toBe(121);
    expect(refreshWaitSeconds('2026-11-23T10:00:00.001Z', now)).toBe(1);
    expect(sumKnown([null, undefined])).toBeNull();
    expect(sumKnown([null, 2, 3])).toBe(5);
  });

  it('reads a queue message only when it is a collection task', () => {
    const id = '7d0c1b2a-3e4f-4a5b-8c6d-9e0f1a2b3c4d';
    expect(parseMetricsTask(JSON.stringify({ post_id: id, reason: '24h' }))).toEqual({ post_id: id, reason: '24h' });
    expect(parseMetricsTask({ post_id: id, reason: '2h' })).toBeUndefined();
    expect(parseMetricsTask('{not json')).toBeUndefined();
    expect(parseMetricsTask({ post_id: 'x', reason: '1h' })).toBeUndefined();
  });
});
