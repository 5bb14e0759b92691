import { useEffect, useState } from 'preact/hooks';
import { api, type Post, type PostPage, type PostResponse } from '../api';
import { Notice } from '../components/field';
import { dayKey, periodTitle, shiftPeriod, startOfDay, visibleDays } from '../calendar-dates';
import { fieldErrors } from '../field-errors';
import { localTime, timeZoneName } from '../format';
import type { QueueResponse } from './queue-settings';

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayLabel = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const MAX_PAGES = 10;

async function loadScheduled(): Promise<Post[]> {
  const posts: Post[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer: PostPage = await api('GET', `/posts?status=scheduled&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    posts.push(...answer.posts);
    cursor = answer.next_cursor;
    if (!cursor) break;
  }
  return posts;
}

/** The same local time of day as `from`, on `day` (the browser's zone). */
function onDay(from: Date, day: Date): Date {
  const moved = new Date(day);
  moved.setHours(from.getHours(), from.getMinutes(), from.getSeconds(), 0);
  return moved;
}

/**
 * The queue's week (docs/api.md, "Posting queue"): scheduled posts and the next free queue slots
 * by day, in the browser's time zone. A post dragged onto another day keeps its time of day there;
 * dropped on a free slot it takes that slot's time. The move is a PATCH of scheduled_for; a move
 * the API refuses puts the post back where it was and shows why. Each post also has a
 * "Next day" button, the keyboard's way to do the same.
 */
export function QueueCalendarPage() {
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const [posts, setPosts] = useState<Post[] | undefined>();
  const [freeSlots, setFreeSlots] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [moved, setMoved] = useState<string | undefined>();

  const reloadSlots = () =>
    api<QueueResponse>('GET', '/queue').then(
      ({ queue }) => setFreeSlots(queue?.next_slots ?? []),
      (failure) => setError(fieldErrors(failure).form),
    );
  useEffect(() => {
    loadScheduled().then(setPosts, (failure) => setError(Object.values(fieldErrors(failure))[0]));
    void reloadSlots();
  }, []);

  const move = async (postId: string, to: Date) => {
    const post = posts?.find((item) => item.id === postId);
    if (!post?.scheduled_for || new Date(post.scheduled_for).getTime() === to.getTime()) return;
    const before = posts ?? [];
    setError(undefined);
    setMoved(undefined);
    // Shown at the new time at once; put back if the API refuses.
    setPosts(before.map((item) => (item.id === postId ? { ...item, scheduled_for: to.toISOString() } : item)));
    try {
      const answer = await api<PostResponse>('PATCH', `/posts/${postId}`, { body: { scheduled_for: to.toISOString() } });
      setPosts((current) => current?.map((item) => (item.id === postId ? answer.post : item)));
      setMoved(`Post moved to ${localTime(answer.post.scheduled_for ?? to.toISOString())}.`);
      void reloadSlots();
    } catch (failure) {
      setPosts(before);
      setError(`The post was not moved: ${Object.values(fieldErrors(failure))[0]}`);
    }
  };

  const days = visibleDays('week', anchor);
  const scheduled = [...(posts ?? [])]
    .filter((post) => post.status === 'scheduled' && post.scheduled_for)
    .sort((a, b) => (a.scheduled_for ?? '').localeCompare(b.scheduled_for ?? ''));
  const dropProps = (target: (from: Date) => Date) => ({
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      event.stopPropagation();
      const postId = event.dataTransfer?.getData('text/plain');
      const post = posts?.find((item) => item.id === postId);
      if (post?.scheduled_for) void move(post.id, target(new Date(post.scheduled_for)));
    },
  });

  return (
    <>
      {error && <Notice kind="error">{error}</Notice>}
      {moved && <Notice kind="success">{moved}</Notice>}
      <div class="calendar-toolbar">
        <div class="calendar-nav">
          <button type="button" class="secondary" onClick={() => setAnchor(shiftPeriod('week', anchor, -1))}>
            Previous week
          </button>
          <button type="button" class="secondary" onClick={() => setAnchor(startOfDay(new Date()))}>
            This week
          </button>
          <button type="button" class="secondary" onClick={() => setAnchor(shiftPeriod('week', anchor, 1))}>
            Next week
          </button>
        </div>
      </div>
      <h2 class="calendar-title" aria-live="polite" data-testid="queue-calendar-title">
        {periodTitle('week', anchor)}
      </h2>
      <p class="help">
        Times in your time zone, {timeZoneName()}. Drag a scheduled post to another day (same time) or onto a free slot to move it.
      </p>
      {posts === undefined ? (
        <p role="status">Loading…</p>
      ) : (
        <ol class="queue-week" aria-label={`Queue, ${periodTitle('week', anchor)}`}>
          {days.map((day) => {
            const key = dayKey(day);
            const dayPosts = scheduled.filter((post) => dayKey(new Date(post.scheduled_for as string)) === key);
            // A post moved by hand onto a slot's minute does not hold the slot (docs/api.md), but the slot is not shown free beside it.
            const daySlots = freeSlots.filter(
              (slot) =>
                dayKey(new Date(slot)) === key && !dayPosts.some((post) => Date.parse(post.scheduled_for as string) === Date.parse(slot)),
            );
            return (
              <li key={key} class="queue-day" data-day={key} {...dropProps((from) => onDay(from, day))}>
                <h3 class="day-label">
                  <time dateTime={key}>{dayLabel.format(day)}</time>
                </h3>
                <ul>
                  {dayPosts.map((post) => (
                    <li
                      key={post.id}
                      class="queue-post"
                      data-post-id={post.id}
                      draggable
                      onDragStart={(event: DragEvent) => event.dataTransfer?.setData('text/plain', post.id)}
                    >
                      <span class="calendar-time">{time.format(new Date(post.scheduled_for as string))}</span>{' '}
                      <span class="calendar-text">{post.content}</span>{' '}
                      <button
                        type="button"
                        class="link"
                        aria-label={`Move "${post.content.slice(0, 40)}" to the next day`}
                        onClick={() => void move(post.id, new Date(new Date(post.scheduled_for as string).getTime() + 86_400_000))}
                      >
                        Next day
                      </button>
                    </li>
                  ))}
                  {daySlots.map((slot) => (
                    <li key={slot} class="queue-free-slot" data-slot={slot} {...dropProps(() => new Date(slot))}>
                      <span class="calendar-time">{time.format(new Date(slot))}</span> free slot
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
