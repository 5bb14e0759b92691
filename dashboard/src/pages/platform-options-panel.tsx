import { POLL_DURATIONS, REPLY_CONTROLS, SELF_LABELS, type PlatformOptions } from '#shared/domain/platform-options';
import { Field } from '../components/field';
import type { FieldErrors } from '../field-errors';

/**
 * A platform's "more" panel in compose (docs/api.md, "Platform options"): collapsed by default, it
 * edits that platform's part of `platform_options`. Bluesky: answer or quote a post, who may reply,
 * quotes off, languages, self-labels. LinkedIn: a poll (a PDF document is attached through the API).
 * Empty inputs send nothing, so an untouched panel leaves the request as it was.
 */
type Bluesky = NonNullable<PlatformOptions['bluesky']>;
type LinkedIn = NonNullable<PlatformOptions['linkedin']>;

interface PanelProps<T> {
  value: T;
  onChange: (value: T) => void;
  errors: FieldErrors;
}

/** The value without empty entries: what the request carries. */
const compact = <T extends object>(value: T): T =>
  Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== '' && !(Array.isArray(entry) && entry.length === 0)),
  ) as T;

const toggled = <T,>(list: T[] | undefined, item: T, on: boolean): T[] =>
  on ? [...(list ?? []), item] : (list ?? []).filter((entry) => entry !== item);

export function BlueskyOptionsPanel({ value, onChange, errors }: PanelProps<Bluesky>) {
  const set = (patch: Partial<Bluesky>) => onChange(compact({ ...value, ...patch }));
  const error = (name: string) => errors[`platform_options.bluesky.${name}`];
  return (
    <details class="media-details">
      <summary>More Bluesky options</summary>
      <Field id="bluesky-reply-to" label="Reply to (post link)" error={error('reply_to')}>
        {(describedBy, invalid) => (
          <input
            id="bluesky-reply-to"
            value={value.reply_to ?? ''}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onInput={(event) => set({ reply_to: event.currentTarget.value.trim() || undefined })}
          />
        )}
      </Field>
      <Field id="bluesky-quote" label="Quote (post link)" error={error('quote')}>
        {(describedBy, invalid) => (
          <input
            id="bluesky-quote"
            value={value.quote ?? ''}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onInput={(event) => set({ quote: event.currentTarget.value.trim() || undefined })}
          />
        )}
      </Field>
      <fieldset>
        <legend>Who may reply (none checked: everyone)</legend>
        {REPLY_CONTROLS.map((control) => (
          <label key={control} class="check">
            <input
              type="checkbox"
              checked={value.reply_control?.includes(control) ?? false}
              onChange={(event) => set({ reply_control: toggled(value.reply_control, control, event.currentTarget.checked) })}
            />
            {control}
          </label>
        ))}
        {error('reply_control') && (
          <p class="field-error" role="alert">
            {error('reply_control')}
          </p>
        )}
      </fieldset>
      <label class="check">
        <input
          type="checkbox"
          checked={value.quotes_allowed === false}
          onChange={(event) => set({ quotes_allowed: event.currentTarget.checked ? false : undefined })}
        />
        Nobody may quote this post
      </label>
      <Field id="bluesky-langs" label="Languages (up to 3, e.g. en, pt-BR)" error={error('langs')}>
        {(describedBy, invalid) => (
          <input
            id="bluesky-langs"
            value={(value.langs ?? []).join(', ')}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onInput={(event) =>
              set({
                langs: event.currentTarget.value
                  .split(',')
                  .map((tag) => tag.trim())
                  .filter(Boolean),
              })
            }
          />
        )}
      </Field>
      <fieldset>
        <legend>Content labels</legend>
        {SELF_LABELS.map((label) => (
          <label key={label} class="check">
            <input
              type="checkbox"
              checked={value.labels?.includes(label) ?? false}
              onChange={(event) => set({ labels: toggled(value.labels, label, event.currentTarget.checked) })}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

export function LinkedInOptionsPanel({ value, onChange, errors }: PanelProps<LinkedIn>) {
  const poll = value.poll;
  const setPoll = (patch: Partial<NonNullable<LinkedIn['poll']>> | undefined) =>
    onChange(compact({ ...value, poll: patch && { question: '', options: [], duration: 'THREE_DAYS', ...poll, ...patch } }));
  return (
    <details class="media-details">
      <summary>More LinkedIn options</summary>
      <label class="check">
        <input type="checkbox" checked={poll !== undefined} onChange={(event) => setPoll(event.currentTarget.checked ? {} : undefined)} />
        Add a poll (not with images or a video)
      </label>
      {poll && (
        <Field id="linkedin-poll" label="Poll question (up to 140 characters)" error={errors['platform_options.linkedin.poll']}>
          {(describedBy, invalid) => (
            <>
              <input
                id="linkedin-poll"
                value={poll.question}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onInput={(event) => setPoll({ question: event.currentTarget.value })}
              />
              <label for="linkedin-poll-options">Options, one a line (2 to 4, up to 30 characters each)</label>
              <textarea
                id="linkedin-poll-options"
                rows={4}
                value={poll.options.join('\n')}
                onInput={(event) =>
                  setPoll({
                    options: event.currentTarget.value
                      .split('\n')
                      .map((line) => line.trim())
                      .filter(Boolean),
                  })
                }
              />
              <label for="linkedin-poll-duration">Open for</label>
              <select
                id="linkedin-poll-duration"
                value={poll.duration}
                onChange={(event) => setPoll({ duration: event.currentTarget.value as (typeof POLL_DURATIONS)[number] })}
              >
                {POLL_DURATIONS.map((duration) => (
                  <option key={duration} value={duration}>
                    {duration.toLowerCase().replace('_', ' ')}
                  </option>
                ))}
              </select>
            </>
          )}
        </Field>
      )}
    </details>
  );
}
