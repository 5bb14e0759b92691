import { useState } from 'preact/hooks';
import type { Post } from '../api';
import { STATUS_TEXT } from '../components/post-card';
import { isoToLocalInput, localInputToIso, timeZoneName } from '../format';
import { movable, type PlannerEntry } from '../planner-entries';

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

interface EntryProps {
  entry: PlannerEntry;
  /** Opens the post in place (the dialog with edit, retry and delete). */
  onOpen: (post: Post, event: Event) => void;
  /** Moves a post to an instant; resolves to the error text when the API refuses. */
  onMove: (post: Post, to: Date) => Promise<string | undefined>;
  /** Drop handlers of a free slot (the page owns the dragged post). */
  slotDrop: (slot: string) => Record<string, (event: DragEvent) => void>;
}

/**
 * One line on a planner day. A scheduled post can be dragged (to a day: same time there; to a
 * free slot: the slot's time) or, by keyboard, moved with its "Move" action: a date and time
 * field, with the API's refusal shown right there.
 */
export function PlannerEntryItem({ entry, onOpen, onMove, slotDrop }: EntryProps) {
  const [moving, setMoving] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (entry.kind === 'slot')
    return (
      <li class="planner-entry kind-slot" data-slot={entry.at} {...slotDrop(entry.at)}>
        <span class="calendar-time">{time.format(new Date(entry.at))}</span> <span class="kind-tag">Free slot</span>
      </li>
    );

  const { post } = entry;
  const canMove = movable(post);
  const label = post.content.slice(0, 40);
  const submit = async (event: Event) => {
    event.preventDefault();
    const iso = localInputToIso(value);
    if (!iso) return setError('Enter a date and time.');
    const failure = await onMove(post, new Date(iso));
    setError(failure);
    if (!failure) setMoving(false);
  };

  return (
    <li
      class={`planner-entry kind-${entry.kind}${canMove ? ' movable' : ''}`}
      data-post-id={post.id}
      draggable={canMove}
      onDragStart={canMove ? (event: DragEvent) => event.dataTransfer?.setData('text/plain', post.id) : undefined}
    >
      <button type="button" class={`calendar-post status-${post.status}`} aria-haspopup="dialog" onClick={(event) => onOpen(post, event)}>
        <span class="calendar-time">{time.format(new Date(entry.at))}</span>{' '}
        <span class="calendar-status">{STATUS_TEXT[post.status] ?? post.status}:</span> <span class="calendar-text">{post.content}</span>
      </button>
      {entry.series && (
        <span class="badge badge-repeat" title={`Occurrence of series ${entry.series}`}>
          repeat
        </span>
      )}
      {canMove && !moving && (
        <button
          type="button"
          class="link move-action"
          aria-label={`Move "${label}"`}
          onClick={() => {
            setValue(isoToLocalInput(post.scheduled_for as string).slice(0, 16));
            setError(undefined);
            setMoving(true);
          }}
        >
          Move
        </button>
      )}
      {moving && (
        <form class="move-form" aria-label={`Move "${label}"`} onSubmit={submit}>
          <label for={`move-${post.id}`}>New date and time ({timeZoneName()})</label>
          <input
            id={`move-${post.id}`}
            type="datetime-local"
            value={value}
            onInput={(event) => setValue((event.currentTarget as HTMLInputElement).value)}
          />
          <button type="submit">Move post</button>{' '}
          <button type="button" class="secondary" onClick={() => setMoving(false)}>
            Cancel
          </button>
        </form>
      )}
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
