import { DomainError } from '#shared/domain/errors';
import { chooseRecycled } from '#shared/domain/evergreen';
import type { Post } from '#shared/domain/post';
import { occurrenceAt, readRepeatRule, variantOf } from '#shared/domain/repeat-rule';
import { derivedId } from '#shared/domain/series';

/** Repeat rules and recycling choices (docs/api.md, "Repeating posts (series)", "Evergreen recycling"): pure rules. */
describe('repeat rules', () => {
  const at = (iso: string) => new Date(iso);

  it('weekly keeps the wall-clock time across both daylight-saving changes (Berlin, New York)', () => {
    const berlin = [0, 1, 2].map((index) => occurrenceAt({ every: { weeks: 1 } }, at('2027-03-22T08:00:00Z'), 'Europe/Berlin', index));
    expect(berlin.map((date) => date.toISOString())).toEqual([
      '2027-03-22T08:00:00.000Z',
      '2027-03-29T07:00:00.000Z',
      '2027-04-05T07:00:00.000Z',
    ]);
    const autumn = occurrenceAt({ every: { weeks: 1 } }, at('2027-10-25T07:30:00Z'), 'Europe/Berlin', 1);
    expect(autumn.toISOString()).toBe('2027-11-01T08:30:00.000Z');
    const newYork = occurrenceAt({ every: { days: 1 } }, at('2027-03-13T14:00:00Z'), 'America/New_York', 1);
    expect(newYork.toISOString()).toBe('2027-03-14T13:00:00.000Z');
  });

  it('a time a gap skips moves on by the gap; UTC steps exactly', () => {
    // 02:30 Berlin does not exist on 28 March 2027: 03:30 CEST instead.
    expect(occurrenceAt({ every: { days: 1 } }, at('2027-03-27T01:30:00Z'), 'Europe/Berlin', 1).toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
    expect(occurrenceAt({ every: { days: 3 } }, at('2027-01-01T10:00:00.123Z'), 'UTC', 2).toISOString()).toBe('2027-01-07T10:00:00.123Z');
  });

  it('monthly from the 31st takes the last day of shorter months, and the 31st again after them', () => {
    const times = [1, 2, 3].map((index) => occurrenceAt({ every: { months: 1 } }, at('2027-01-31T09:00:00Z'), 'UTC', index).toISOString());
    expect(times).toEqual(['2027-02-28T09:00:00.000Z', '2027-03-31T09:00:00.000Z', '2027-04-30T09:00:00.000Z']);
    expect(occurrenceAt({ every: { months: 12 } }, at('2027-05-10T09:00:00Z'), 'UTC', 1).toISOString()).toBe('2028-05-10T09:00:00.000Z');
  });

  it('needs until or count, until within 2 years and not before the first occurrence', () => {
    const now = at('2027-01-01T00:00:00Z');
    const first = at('2027-01-02T00:00:00Z');
    const field = (request: object) => {
      try {
        readRepeatRule(request as never, first, now);
        return 'accepted';
      } catch (error) {
        return (error as DomainError).extras;
      }
    };
    expect(field({ every: { weeks: 1 } })).toEqual({ field: 'repeat' });
    expect(field({ every: { weeks: 1 }, until: '2029-01-02T00:00:00Z' })).toEqual({ field: 'repeat' });
    expect(field({ every: { weeks: 1 }, until: '2027-01-01T12:00:00Z' })).toEqual({ field: 'repeat' });
    expect(field({ every: { weeks: 1 }, until: '2028-12-31T00:00:00+01:00' })).toBe('accepted');
    expect(readRepeatRule({ every: { days: 2 }, count: 3, until: '2027-02-01T10:00:00+01:00' }, first, now)).toEqual({
      every: { days: 2 },
      count: 3,
      until: '2027-02-01T09:00:00.000Z',
    });
  });

  it('texts: content first, then each variation in turn; derived ids are stable UUIDs v4', () => {
    expect([0, 1, 2, 3, 4].map((index) => variantOf(['a', 'b', 'c'], index))).toEqual([0, 1, 2, 3, 0]);
    expect(derivedId('series', 'x', 1)).toBe(derivedId('series', 'x', 1));
    expect(derivedId('series', 'x', 1)).not.toBe(derivedId('series', 'x', 2));
    expect(derivedId('series', 'x', 1)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('recycling choice', () => {
  const post = (id: string, fields: Partial<Post>): Post =>
    ({ id, status: 'published', published_at: '2027-01-01T00:00:00.000Z', evergreen: true, ...fields }) as Post;
  const slot = new Date('2027-03-01T10:00:00Z');
  const setting = { when_empty: true, min_gap_days: 7 };

  it('the line published longest ago, judged by its latest copy, never one within the gap or with a copy waiting', () => {
    const posts = [
      post('a', { published_at: '2027-01-01T00:00:00.000Z' }),
      post('a2', { recycled_from: 'a', published_at: '2027-02-27T00:00:00.000Z' }),
      post('b', { published_at: '2027-01-15T00:00:00.000Z' }),
      post('c', { published_at: '2027-01-10T00:00:00.000Z' }),
      post('c2', { recycled_from: 'c', status: 'scheduled', published_at: null }),
      post('d', { published_at: '2027-02-25T00:00:00.000Z' }),
    ];
    expect(chooseRecycled(posts, setting, slot)?.root.id).toBe('b');
    expect(chooseRecycled([posts[1], posts[5]], setting, slot)).toBeUndefined();
    expect(chooseRecycled([post('e', { status: 'failed', published_at: null })], setting, slot)).toBeUndefined();
  });
});
