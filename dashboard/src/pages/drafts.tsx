import { MAX_CONTENT_LENGTH } from '#shared/http/endpoints/create-post/schema';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type Post, type PostPage, type PostResponse } from '../api';
import { ConfirmButton, Field, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { isoToLocalInput, localInputToIso, localTime, platformName, timeZoneName } from '../format';
import { QueueToggle } from './queue-toggle';
import { SchedulePicker } from './schedule-picker';

/** Who proposed a draft: the API key by the name it had, or the dashboard. */
export function creatorText(post: Post): string {
  const creator = post.created_by;
  if (!creator) return 'unknown';
  if (creator.type === 'oauth_client') return `the connected app “${creator.client_name}”`;
  if (creator.type === 'dashboard') return 'the dashboard';
  return creator.key_name ? `API key “${creator.key_name}”` : 'a deleted API key';
}

/**
 * The account's drafts (GET /posts?status=draft), each with who proposed it and what the owner
 * can do: edit its text, approve it (POST /posts/{id}/schedule, now or at a time: the monthly
 * limit and the LinkedIn spacing are checked then) or discard it.
 */
export function DraftsPage() {
  const [drafts, setDrafts] = useState<Post[] | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState('');

  useEffect(() => {
    api<PostPage>('GET', '/posts?status=draft&limit=100').then(
      (page) => setDrafts(page.posts),
      (error: unknown) => setErrors(fieldErrors(error)),
    );
  }, []);

  const replace = (changed: Post) => setDrafts((current) => current?.map((item) => (item.id === changed.id ? changed : item)));
  const drop = (gone: Post, message: string) => {
    setDrafts((current) => current?.filter((item) => item.id !== gone.id));
    setNotice(message);
  };

  return (
    <>
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      {notice && <Notice kind="success">{notice}</Notice>}
      {drafts === undefined ? (
        <p role="status">Loading…</p>
      ) : drafts.length === 0 ? (
        <p>No drafts waiting. Drafts come from keys with the draft scope (agents) or from POST /posts with "draft": true.</p>
      ) : (
        <ul class="items">
          {drafts.map((draft) => (
            <li key={draft.id} class="card item" data-testid="draft-item" data-post-id={draft.id}>
              <DraftCard draft={draft} onChanged={replace} onGone={drop} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function DraftCard({
  draft,
  onChanged,
  onGone,
}: {
  draft: Post;
  onChanged: (post: Post) => void;
  onGone: (post: Post, message: string) => void;
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'approve'>('view');
  const [errors, setErrors] = useState<FieldErrors>({});

  const discard = async () => {
    setErrors({});
    try {
      await api('DELETE', `/posts/${draft.id}`);
      onGone(draft, 'Draft discarded.');
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };

  return (
    <>
      <p class="status status-draft">Draft</p>
      <p class="post-content">{draft.content}</p>
      <dl>
        <dt>Proposed by</dt>
        <dd data-testid="draft-creator">{creatorText(draft)}</dd>
        <dt>Platforms</dt>
        <dd>{draft.platforms.map(platformName).join(', ')}</dd>
        {draft.scheduled_for && (
          <>
            <dt>Wished time</dt>
            <dd>{localTime(draft.scheduled_for)}</dd>
          </>
        )}
        <dt>Created</dt>
        <dd>{localTime(draft.created_at)}</dd>
      </dl>
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      {mode === 'edit' && (
        <DraftEditor
          draft={draft}
          onSaved={(post) => {
            setMode('view');
            onChanged(post);
          }}
          onCancel={() => setMode('view')}
        />
      )}
      {mode === 'approve' && (
        <ApproveForm
          draft={draft}
          onChanged={onChanged}
          onScheduled={(post) =>
            onGone(
              post,
              post.status === 'publishing'
                ? 'Draft approved: publishing now.'
                : `Draft approved: scheduled for ${localTime(post.scheduled_for ?? post.created_at)}.`,
            )
          }
          onCancel={() => setMode('view')}
        />
      )}
      {mode === 'view' && (
        <div class="actions">
          <button type="button" onClick={() => setMode('approve')}>
            Approve
          </button>
          <button type="button" class="secondary" onClick={() => setMode('edit')}>
            Edit draft
          </button>
          <ConfirmButton label="Discard" confirmLabel="Yes, discard this draft" onConfirm={discard} />
        </div>
      )}
    </>
  );
}

/** The draft's text (PATCH /posts/{id}: it stays a draft). */
function DraftEditor({ draft, onSaved, onCancel }: { draft: Post; onSaved: (post: Post) => void; onCancel: () => void }) {
  const [content, setContent] = useState(draft.content);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const id = `draft-${draft.id}-content`;

  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      onSaved((await api<PostResponse>('PATCH', `/posts/${draft.id}`, { body: { content } })).post);
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="editor" onSubmit={save} noValidate aria-label="Edit draft">
      <Field id={id} label="Draft text" error={errors.content} help={`${content.length} / ${MAX_CONTENT_LENGTH} characters`}>
        {(describedBy, invalid) => (
          <textarea
            id={id}
            rows={6}
            value={content}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onInput={(event) => setContent(event.currentTarget.value)}
          />
        )}
      </Field>
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      <div class="actions">
        <button type="submit" disabled={busy}>
          Save draft
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * Approve: schedule the draft now or at a time (its wished time preset), always pinned to the version
 * shown (docs/api.md, "Versions and If-Match"). A draft changed since (412 VERSION_MISMATCH) is read
 * again and shown as it is now, and the person approves that version, or not. One idempotency-key per
 * version approved: a refused approval's key is not reused for another body.
 */
function ApproveForm({
  draft,
  onScheduled,
  onChanged,
  onCancel,
}: {
  draft: Post;
  onScheduled: (post: Post) => void;
  onChanged: (post: Post) => void;
  onCancel: () => void;
}) {
  const [when, setWhen] = useState<'now' | 'later'>(draft.scheduled_for ? 'later' : 'now');
  const [scheduledLocal, setScheduledLocal] = useState(draft.scheduled_for ? isoToLocalInput(draft.scheduled_for) : '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [approveKey, setApproveKey] = useState(() => crypto.randomUUID());
  // Set when the draft changed under the person: the version they now see is the one they may approve.
  const [changedTo, setChangedTo] = useState<number | undefined>();
  const [queued, setQueued] = useState(false);
  const scheduledFor = when === 'later' ? localInputToIso(scheduledLocal) : undefined;

  const approve = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      // To the queue: its first free slot (docs/api.md, "Posting queue"); else now or at the time picked.
      const body = queued ? { queue: true } : { scheduled_for: when === 'now' ? null : (scheduledFor ?? scheduledLocal) };
      const answer = await api<PostResponse>('POST', `/posts/${draft.id}/schedule`, {
        body: { ...body, expected_version: draft.version },
        headers: { 'idempotency-key': approveKey },
      });
      onScheduled(answer.post);
    } catch (error) {
      if (error instanceof ApiError && error.body.error === 'VERSION_MISMATCH') await showChangedDraft();
      else setErrors(fieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  /** The draft as it is now (from the drafts list: the dashboard reads posts there), in place of the one the person read. */
  const showChangedDraft = async () => {
    try {
      const { posts } = await api<PostPage>('GET', '/posts?status=draft&limit=100');
      const post = posts.find((item) => item.id === draft.id);
      if (!post) {
        setErrors({ form: 'This draft changed and is no longer a draft (approved or deleted meanwhile): reload the page.' });
        return;
      }
      setApproveKey(crypto.randomUUID());
      setChangedTo(post.version);
      onChanged(post);
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };

  return (
    <form class="editor" onSubmit={approve} noValidate aria-label="Approve draft">
      {changedTo !== undefined && (
        <Notice kind="error">
          <span data-testid="draft-changed">
            This draft was changed while you were reading it (it is now version {changedTo}). Nothing was scheduled. Read the text above
            again: approving now schedules this version.
          </span>
        </Notice>
      )}
      <SchedulePicker
        idPrefix={`approve-${draft.id}-`}
        when={when}
        onWhen={setWhen}
        value={scheduledLocal}
        onValue={setScheduledLocal}
        scheduledFor={scheduledFor}
        error={errors.scheduled_for}
        timeZone={timeZoneName()}
      />
      <QueueToggle checked={queued} onChange={setQueued} />
      {errors.queue && <Notice kind="error">{errors.queue}</Notice>}
      {errors.platforms && <Notice kind="error">{errors.platforms}</Notice>}
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {queued ? 'Approve to queue' : when === 'now' ? 'Approve and publish now' : 'Approve and schedule'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
