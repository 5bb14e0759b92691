import type { Post } from '../../dashboard/src/api';
import { dayKey } from '../../dashboard/src/calendar-dates';
import { entriesByDay, movable, onDay, seriesOf } from '../../dashboard/src/planner-entries';

/** The planner's placement rules (docs/decisions/0321-one-planner.md), in whatever zone the test runs. */
const local = (day: number, hour: number, minute = 0) => new Date(2026, 11, day, hour, minute);
const post = (id: string, fields: Partial<Post> & Record<string, unknown>): Post =>
  ({
    id,
    content: id,
    status: 'scheduled',
    scheduled_for: null,
    published_at: null,
    created_at: local(1, 12).toISOString(),
    ...fields,
  }) as Post;

describe('planner entries', () => {
  it('places posts, drafts, series occurrences and free slots on their local days, in time order, each with its kind', () => {
    const byDay = entriesByDay(
      [
        post('late', { scheduled_for: local(7, 18).toISOString() }),
        post('draft-wished', { status: 'draft', scheduled_for: local(7, 9).toISOString() }),
        post('draft-unwished', { status: 'draft', created_at: local(3, 10).toISOString() }),
        post('series', { scheduled_for: local(8, 9).toISOString(), series_id: 'ser_1' }),
        post('done', { status: 'published', scheduled_for: local(7, 8).toISOString(), published_at: local(7, 8, 1).toISOString() }),
      ],
      [local(7, 12).toISOString()],
    );
    const summary = (day: number) =>
      (byDay.get(dayKey(local(day, 0))) ?? []).map((entry) => (entry.kind === 'slot' ? 'slot' : `${entry.kind}:${entry.post.id}`));
    expect(summary(7)).toEqual(['other:done', 'draft:draft-wished', 'slot', 'scheduled:late']);
    expect(summary(3)).toEqual(['draft:draft-unwished']);
    expect(summary(8)).toEqual(['series:series']);
  });

  it('leaves out a free slot where a post already sits at that minute', () => {
    const slot = local(9, 9).toISOString();
    const byDay = entriesByDay([post('moved', { scheduled_for: slot })], [slot, local(9, 15).toISOString()]);
    expect((byDay.get(dayKey(local(9, 0))) ?? []).map((entry) => entry.kind)).toEqual(['scheduled', 'slot']);
  });

  it('reads the series from series_id or repeat_of, and only a string', () => {
    expect(seriesOf(post('a', { series_id: 'ser_1' }))).toBe('ser_1');
    expect(seriesOf(post('b', { repeat_of: 'ser_2' }))).toBe('ser_2');
    expect(seriesOf(post('c', { series_id: 42 } as unknown as Partial<Post>))).toBeUndefined();
    expect(seriesOf(post('d', {}))).toBeUndefined();
  });

  it('moves only scheduled posts with a time; a day drop keeps the local time of day', () => {
    expect(movable(post('a', { scheduled_for: local(2, 9).toISOString() }))).toBe(true);
    expect(movable(post('b', { status: 'draft', scheduled_for: local(2, 9).toISOString() }))).toBe(false);
    expect(movable(post('c', { status: 'published', scheduled_for: local(2, 9).toISOString() }))).toBe(false);
    expect(onDay(local(2, 9, 30), local(5, 0))).toEqual(local(5, 9, 30));
  });
});
