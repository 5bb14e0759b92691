import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Post } from '../api';
import { Notice } from '../components/field';
import { PostCard, STATUS_TEXT } from '../components/post-card';
import { dayKey, periodTitle, postTime, shiftPeriod, startOfDay, visibleDays, type CalendarView } from '../calendar-dates';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { localTime, timeZoneName } from '../format';

/** At most this many posts are read for the calendar (ten pages of the list). */
const MAX_PAGES = 10;
const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayLabel = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const weekdays = visibleDays('week', new Date()).map((day) => new Intl.DateTimeFormat(undefined, { weekday: 'short' }).format(day));

async function loadPosts(): Promise<Post[]> {
  const posts: Post[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer: { posts: Post[]; next_cursor: string | null } = await api(
      'GET',
      `/posts?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    posts.push(...answer.posts);
    cursor = answer.next_cursor;
    if (!cursor) break;
  }
  return posts;
}

/**
 * Scheduled and published posts by day, a month or a week at a time, in the browser's time zone.
 * Every post is a button that opens it in place (a modal dialog: Escape closes it and focus goes
 * back to the post), where it can be edited, retried or deleted. On a phone the grid becomes a
 * list of the days that have posts.
 */
export function CalendarPage() {
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const [posts, setPosts] = useState<Post[] | undefined>();
  const [openId, setOpenId] = useState<string | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  const reload = () => loadPosts().then(setPosts, (error) => setErrors(fieldErrors(error)));
  useEffect(() => void reload(), []);
  useEffect(() => {
    if (openId && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [openId]);

  const days = visibleDays(view, anchor);
  const byDay = new Map<string, Post[]>();
  for (const post of [...(posts ?? [])].sort((a, b) => postTime(a).localeCompare(postTime(b)))) {
    const key = dayKey(new Date(postTime(post)));
    byDay.set(key, [...(byDay.get(key) ?? []), post]);
  }
  const today = dayKey(new Date());
  const shown = days.some((day) => byDay.has(dayKey(day)));
  const open = posts?.find((post) => post.id === openId);

  const openPost = (post: Post, event: Event) => {
    opener.current = event.currentTarget as HTMLElement;
    setOpenId(post.id);
  };
  const closed = () => {
    setOpenId(undefined);
    opener.current?.focus();
  };
  const changed = (post: Post) => setPosts((current) => current?.map((item) => (item.id === post.id ? post : item)));
  const deleted = (post: Post) => {
    dialog.current?.close();
    setPosts((current) => current?.filter((item) => item.id !== post.id));
  };

  return (
    <>
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      <div class="calendar-toolbar">
        <div class="calendar-nav">
          <button type="button" class="secondary" onClick={() => setAnchor(shiftPeriod(view, anchor, -1))}>
            Previous {view}
          </button>
          <button type="button" class="secondary" onClick={() => setAnchor(startOfDay(new Date()))}>
            Today
          </button>
          <button type="button" class="secondary" onClick={() => setAnchor(shiftPeriod(view, anchor, 1))}>
            Next {view}
          </button>
        </div>
        <div class="calendar-views" role="group" aria-label="View">
          {(['month', 'week'] as const).map((name) => (
            <button
              key={name}
              type="button"
              class={name === view ? '' : 'secondary'}
              aria-pressed={name === view}
              onClick={() => setView(name)}
            >
              {name === 'month' ? 'Month' : 'Week'}
            </button>
          ))}
        </div>
      </div>
      <h2 class="calendar-title" aria-live="polite" data-testid="calendar-title">
        {periodTitle(view, anchor)}
      </h2>
      <p class="help">Times in your time zone, {timeZoneName()}.</p>
      {posts !== undefined && !shown && <p data-testid="calendar-empty">No posts this {view}.</p>}
      {posts === undefined ? (
        <p role="status">Loading…</p>
      ) : (
        <div class={`calendar calendar-${view}`}>
          <div class="calendar-weekdays" aria-hidden="true">
            {weekdays.map((name) => (
              <span key={name}>{name}</span>
            ))}
          </div>
          <ol class="calendar-days" aria-label={`Posts, ${periodTitle(view, anchor)}`}>
            {days.map((day) => {
              const key = dayKey(day);
              const entries = byDay.get(key) ?? [];
              const outside = view === 'month' && day.getMonth() !== anchor.getMonth();
              return (
                <li
                  key={key}
                  data-day={key}
                  class={['day', outside && 'outside', key === today && 'today', entries.length ? 'has-posts' : 'empty']
                    .filter(Boolean)
                    .join(' ')}
                >
                  <h3 class="day-label">
                    <time dateTime={key}>{dayLabel.format(day)}</time>
                  </h3>
                  {entries.length > 0 && (
                    <ul class="day-posts">
                      {entries.map((post) => (
                        <li key={post.id}>
                          <button
                            type="button"
                            class={`calendar-post status-${post.status}`}
                            data-post-id={post.id}
                            aria-haspopup="dialog"
                            onClick={(event) => openPost(post, event)}
                          >
                            <span class="calendar-time">{time.format(new Date(postTime(post)))}</span>{' '}
                            <span class="calendar-status">{STATUS_TEXT[post.status] ?? post.status}:</span>{' '}
                            <span class="calendar-text">{post.content}</span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      )}
      <dialog ref={dialog} class="card post-dialog" aria-labelledby="post-dialog-title" onClose={closed}>
        {open && (
          <>
            <div class="dialog-head">
              <h2 id="post-dialog-title">Post, {localTime(postTime(open))}</h2>
              <button type="button" class="secondary" onClick={() => dialog.current?.close()}>
                Close
              </button>
            </div>
            <PostCard post={open} onChanged={changed} onDeleted={deleted} />
          </>
        )}
      </dialog>
    </>
  );
}
