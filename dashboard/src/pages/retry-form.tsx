import { MAX_CONTENT_LENGTH } from '#shared/http/endpoints/create-post/schema';
import { useState } from 'preact/hooks';
import { api, type Post, type PostResponse } from '../api';
import { Field, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { localInputToIso, platformName, timeZoneName } from '../format';
import { SchedulePicker } from './schedule-picker';

/**
 * Retries a failed or partly published post in place (POST /posts/{id}/retry): now or at a time,
 * with corrected text when the whole post failed, and, when a platform's outcome is unknown,
 * the owner's explicit choice to risk a second copy there.
 */
export function RetryForm({ post, onRetried, onCancel }: { post: Post; onRetried: (post: Post) => void; onCancel: () => void }) {
  const failed = post.platforms.filter((platform) => post.results[platform]?.status === 'failed');
  const unknown = failed.filter((platform) => post.results[platform]?.error?.code === 'PLATFORM_OUTCOME_UNKNOWN');
  const [includeUnknown, setIncludeUnknown] = useState(false);
  const [content, setContent] = useState(post.content);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [scheduledLocal, setScheduledLocal] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [retryKey] = useState(() => crypto.randomUUID());
  const id = (name: string) => `retry-${post.id}-${name}`;
  const scheduledFor = when === 'later' ? localInputToIso(scheduledLocal) : undefined;
  const retried = failed.filter((platform) => includeUnknown || !unknown.includes(platform));

  const submit = async (event: Event) => {
    event.preventDefault();
    const body: Record<string, unknown> = {
      ...(when === 'later' ? { scheduled_for: scheduledFor ?? scheduledLocal } : {}),
      ...(post.status === 'failed' && content !== post.content ? { content } : {}),
      ...(includeUnknown ? { include_outcome_unknown: true } : {}),
    };
    setBusy(true);
    setErrors({});
    try {
      const answer = await api<PostResponse>('POST', `/posts/${post.id}/retry`, { body, headers: { 'idempotency-key': retryKey } });
      onRetried(answer.post);
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="editor" onSubmit={submit} noValidate aria-label="Retry post">
      <p data-testid="retry-platforms">
        {retried.length
          ? `Publishes again on ${retried.map(platformName).join(' and ')}.`
          : 'Nothing to retry unless you include the uncertain platforms below.'}
      </p>
      {post.status === 'failed' && (
        <Field id={id('content')} label="Corrected text" error={errors.content} help="Every platform retried receives this text.">
          {(describedBy, invalid) => (
            <textarea
              id={id('content')}
              rows={5}
              value={content}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onInput={(event) => setContent(event.currentTarget.value)}
            />
          )}
        </Field>
      )}
      {post.status === 'failed' && (
        <p class={`counter${content.length > MAX_CONTENT_LENGTH ? ' over' : ''}`}>
          {content.length} / {MAX_CONTENT_LENGTH} characters
        </p>
      )}
      {unknown.length > 0 && (
        <label class="check">
          <input type="checkbox" checked={includeUnknown} onChange={(event) => setIncludeUnknown(event.currentTarget.checked)} />
          Also retry {unknown.map(platformName).join(' and ')}, where the post may already be (it could appear twice)
        </label>
      )}
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
          {when === 'now' ? 'Retry now' : 'Schedule retry'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
