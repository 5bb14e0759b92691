import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Post, type PostPage, type PostResponse } from '../api';
import { Notice } from '../components/field';
import { PostCard } from '../components/post-card';
import { dayKey, periodTitle, postTime, shiftPeriod, startOfDay, visibleDays, type CalendarView } from '../calendar-dates';
import { fieldErrors } from '../field-errors';
import { localTime, timeZoneName } from '../format';
import { LEGEND, entriesByDay, onDay, type PlannerEntry } from '../planner-entries';
import { PlannerEntryItem } from './planner-entry';
import type { QueueResponse } from './queue-settings';

/** At most this many posts are read (ten pages of the list). */
const MAX_PAGES = 10;
const dayLabel = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const weekdays = visibleDays('week', new Date()).map((day) => new Intl.DateTimeFormat(undefined, { weekday: 'short' }).format(day));

async function loadPosts(): Promise<Post[]> {
  const posts: Post[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer: PostPage = await api('GET', `/posts?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    posts.push(...answer.posts);
    cursor = answer.next_cursor;
    if (!cursor) break;
  }
  return posts;
}

/** Why a move was refused, with the next time LinkedIn's spacing allows when the API gives one. */
function moveFailure(failure: unknown): string {
  const text = Object.values(fieldErrors(failure))[0] ?? 'The service refused the move.';
  const body = (failure as { body?: { next_available?: unknown } }).body;
  const next = typeof body?.next_available === 'string' ? ` The next possible time is ${localTime(body.next_available)}.` : '';
  return `The post was not moved: ${text}${next}`;
}

/**
 * The one planner (docs/decisions/0321-one-planner.md): posts by day, a month or a week at a time
 * in the browser's time zone, with the queue's free slots, drafts and repeating series' occurrences
 * beside the scheduled posts, each kind named in words and in the legend. A scheduled post is moved
 * by dragging (onto a day: same time of day; onto a free slot: the slot's time) or by its Move
 * action; the move is a PATCH of scheduled_for, shown at once and put back if the API refuses.
 * Every post opens in place (a modal dialog: edit, retry, delete; Escape closes it).
 */
export function PlannerPage() {
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const [posts, setPosts] = useState<Post[] | undefined>();
  const [freeSlots, setFreeSlots] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [moved, setMoved] = useState<string | undefined>();
  const [openId, setOpenId] = useState<string | undefined>();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // The latest posts for handlers created in earlier renders (a drop reads the post being dragged).
  const current = useRef<Post[]>([]);
  current.current = posts ?? [];

  const reloadSlots = () =>
    api<QueueResponse>('GET', '/queue').then(
      ({ queue }) => setFreeSlots(queue?.next_slots ?? []),
      (failure) => setError(fieldErrors(failure).form),
    );
  useEffect(() => {
    loadPosts().then(setPosts, (failure) => setError(Object.values(fieldErrors(failure))[0]));
    void reloadSlots();
  }, []);
  useEffect(() => {
    if (openId && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [openId]);

  const replace = (post: Post) => setPosts((list) => list?.map((item) => (item.id === post.id ? post : item)));

  /**
   * Moves a post; resolves to why not when the API refuses. A dragged post is shown at its new
   * place at once and put back on a refusal; one moved with its Move form stays put until the
   * answer (its form, and the refusal shown in it, would otherwise vanish with it to another day).
   */
  const move = async (post: Post, to: Date, options: { optimistic: boolean }): Promise<string | undefined> => {
    if (!post.scheduled_for || Date.parse(post.scheduled_for) === to.getTime()) return undefined;
    setError(undefined);
    setMoved(undefined);
    if (options.optimistic) replace({ ...post, scheduled_for: to.toISOString() });
    try {
      const answer = await api<PostResponse>('PATCH', `/posts/${post.id}`, { body: { scheduled_for: to.toISOString() } });
      replace(answer.post);
      setMoved(`Post moved to ${localTime(answer.post.scheduled_for ?? to.toISOString())}.`);
      void reloadSlots();
      return undefined;
    } catch (failure) {
      replace(post);
      return moveFailure(failure);
    }
  };
  const dropped = (event: DragEvent, target: (from: Date) => Date) => {
    event.preventDefault();
    event.stopPropagation();
    const postId = event.dataTransfer?.getData('text/plain');
    const post = current.current.find((item) => item.id === postId);
    if (post?.scheduled_for)
      void move(post, target(new Date(post.scheduled_for)), { optimistic: true }).then((failure) => failure && setError(failure));
  };
  const dropOn = (target: (from: Date) => Date) => ({
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDrop: (event: DragEvent) => dropped(event, target),
  });

  const openPost = (post: Post, event: Event) => {
    opener.current = event.currentTarget as HTMLElement;
    setOpenId(post.id);
  };
  const closed = () => {
    setOpenId(undefined);
    opener.current?.focus();
  };
  const deleted = (post: Post) => {
    dialog.current?.close();
    setPosts((list) => list?.filter((item) => item.id !== post.id));
  };

  const days = visibleDays(view, anchor);
  const byDay = entriesByDay(posts ?? [], freeSlots);
  const today = dayKey(new Date());
  const title = periodTitle(view, anchor);
  const open = posts?.find((post) => post.id === openId);
  const empty = !days.some((day) => byDay.has(dayKey(day)));

  return (
    <>
      {error && <Notice kind="error">{error}</Notice>}
      {moved && <Notice kind="success">{moved}</Notice>}
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
        {title}
      </h2>
      <p class="help">
        Times in your time zone, {timeZoneName()}. Drag a scheduled post to another day (same time) or onto a free slot, or use its Move
        action.
      </p>
      <ul class="planner-legend" aria-label="Legend">
        {LEGEND.map((item) => (
          <li key={item.kind}>
            <span class={`swatch kind-${item.kind}`} aria-hidden="true" />
            {item.text}
          </li>
        ))}
      </ul>
      {posts !== undefined && empty && <p data-testid="calendar-empty">Nothing planned this {view}.</p>}
      {posts === undefined ? (
        <p role="status">Loading…</p>
      ) : (
        <div class={`calendar calendar-${view} planner`}>
          <div class="calendar-weekdays" aria-hidden="true">
            {weekdays.map((name) => (
              <span key={name}>{name}</span>
            ))}
          </div>
          <ol class="calendar-days" aria-label={`Planner, ${title}`}>
            {days.map((day) => {
              const key = dayKey(day);
              const entries: PlannerEntry[] = byDay.get(key) ?? [];
              const outside = view === 'month' && day.getMonth() !== anchor.getMonth();
              return (
                <li
                  key={key}
                  data-day={key}
                  class={['day', outside && 'outside', key === today && 'today', entries.length ? 'has-posts' : 'empty']
                    .filter(Boolean)
                    .join(' ')}
                  {...dropOn((from) => onDay(from, day))}
                >
                  <h3 class="day-label">
                    <time dateTime={key}>{dayLabel.format(day)}</time>
                  </h3>
                  {entries.length > 0 && (
                    <ul class="day-posts">
                      {entries.map((entry) => (
                        <PlannerEntryItem
                          key={entry.kind === 'slot' ? `slot-${entry.at}` : entry.post.id}
                          entry={entry}
                          onOpen={openPost}
                          onMove={(post, to) => move(post, to, { optimistic: false })}
                          slotDrop={(slot) => dropOn(() => new Date(slot))}
                        />
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
            <PostCard post={open} onChanged={replace} onDeleted={deleted} />
          </>
        )}
      </dialog>
    </>
  );
}
