import { MAX_CONTENT_LENGTH } from '#shared/http/endpoints/create-post/schema';
import { VALID_PLATFORMS } from '#shared/domain/platforms';
import { useState } from 'preact/hooks';
import { api, type Post, type PostResponse } from '../api';
import { Field, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { isoToLocalInput, localInputToIso, platformName, timeZoneName } from '../format';
import { SchedulePicker } from './schedule-picker';

type Platform = (typeof VALID_PLATFORMS)[number];

/**
 * Edits a scheduled post in place (PATCH /posts/{id}): its text, platforms, per-platform texts
 * and time, or publishes it now. Only what changed is sent, so an unchanged time close to now
 * is not re-checked; one idempotency-key per opened editor makes a double save one edit.
 */
export function PostEditor({ post, onSaved, onCancel }: { post: Post; onSaved: (post: Post) => void; onCancel: () => void }) {
  const [content, setContent] = useState(post.content);
  const [platforms, setPlatforms] = useState<Platform[]>(post.platforms);
  const [texts, setTexts] = useState<Partial<Record<Platform, string>>>(post.platform_content);
  const [when, setWhen] = useState<'now' | 'later'>(post.scheduled_for ? 'later' : 'now');
  const [scheduledLocal, setScheduledLocal] = useState(post.scheduled_for ? isoToLocalInput(post.scheduled_for) : '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [editKey] = useState(() => crypto.randomUUID());
  const id = (name: string) => `edit-${post.id}-${name}`;
  const scheduledFor = when === 'later' ? localInputToIso(scheduledLocal) : undefined;

  const toggle = (platform: Platform, on: boolean) =>
    setPlatforms((current) =>
      on ? VALID_PLATFORMS.filter((item) => item === platform || current.includes(item)) : current.filter((item) => item !== platform),
    );
  const keptTexts = Object.fromEntries(Object.entries(texts).filter(([platform]) => platforms.includes(platform as Platform)));

  const save = async (event: Event) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    if (content !== post.content) body.content = content;
    if (platforms.join() !== post.platforms.join()) body.platforms = platforms;
    if (JSON.stringify(keptTexts) !== JSON.stringify(post.platform_content)) body.platform_content = keptTexts;
    if (when === 'now') body.scheduled_for = null;
    else if (scheduledFor !== post.scheduled_for) body.scheduled_for = scheduledFor ?? scheduledLocal; // as typed: the API explains
    setBusy(true);
    setErrors({});
    try {
      const saved = await api<PostResponse>('PATCH', `/posts/${post.id}`, { body, headers: { 'idempotency-key': editKey } });
      onSaved(saved.post);
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="editor" onSubmit={save} noValidate aria-label="Edit post">
      <Field id={id('content')} label="Post text" error={errors.content}>
        {(describedBy, invalid) => (
          <textarea
            id={id('content')}
            rows={6}
            value={content}
            aria-invalid={invalid}
            aria-describedby={[id('count'), describedBy].filter(Boolean).join(' ')}
            onInput={(event) => setContent(event.currentTarget.value)}
          />
        )}
      </Field>
      <p id={id('count')} class={`counter${content.length > MAX_CONTENT_LENGTH ? ' over' : ''}`}>
        {content.length} / {MAX_CONTENT_LENGTH} characters
      </p>
      <fieldset aria-describedby={errors.platforms ? id('platforms-error') : undefined}>
        <legend>Platforms</legend>
        {VALID_PLATFORMS.map((platform) => (
          <label key={platform} class="check">
            <input
              type="checkbox"
              checked={platforms.includes(platform)}
              onChange={(event) => toggle(platform, event.currentTarget.checked)}
            />
            {platformName(platform)}
          </label>
        ))}
        {errors.platforms && (
          <p id={id('platforms-error')} class="field-error" role="alert">
            {errors.platforms}
          </p>
        )}
      </fieldset>
      {VALID_PLATFORMS.filter((platform) => platforms.includes(platform) && texts[platform] !== undefined).map((platform) => (
        <Field
          key={platform}
          id={id(`text-${platform}`)}
          label={`${platformName(platform)} text`}
          error={errors[`platform_content.${platform}`]}
        >
          {(describedBy, invalid) => (
            <textarea
              id={id(`text-${platform}`)}
              rows={4}
              value={texts[platform]}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onInput={(event) => setTexts((current) => ({ ...current, [platform]: event.currentTarget.value }))}
            />
          )}
        </Field>
      ))}
      <SchedulePicker
        idPrefix={id('')}
        when={when}
        onWhen={setWhen}
        value={scheduledLocal}
        onValue={setScheduledLocal}
        scheduledFor={scheduledFor}
        error={errors.scheduled_for}
        timeZone={timeZoneName()}
      />
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {when === 'now' ? 'Save and publish now' : 'Save changes'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
