import { useState } from 'preact/hooks';
import { api, type Post } from '../api';
import { ConfirmButton, Notice } from './field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { localTime, platformName, utcTime } from '../format';
import { PostEditor } from '../pages/post-editor';
import { RetryForm } from '../pages/retry-form';
import { PostConversation } from './post-conversation';

export const STATUS_TEXT: Record<string, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  partially_published: 'Partly published',
  failed: 'Failed',
};
const DELETABLE = ['scheduled', 'failed'];
const RETRYABLE = ['failed', 'partially_published'];

interface PostCardProps {
  post: Post;
  /** The post as the API answered after an edit or a retry. */
  onChanged: (post: Post) => void;
  onDeleted: (post: Post) => void;
}

/**
 * One post with its platforms' results, and what can be done to it in place: edit or reschedule
 * a scheduled post, retry a failed or partly published one, delete a scheduled or failed one.
 */
export function PostCard({ post, onChanged, onDeleted }: PostCardProps) {
  const [mode, setMode] = useState<'view' | 'edit' | 'retry'>('view');
  const [errors, setErrors] = useState<FieldErrors>({});

  const remove = async () => {
    setErrors({});
    try {
      await api('DELETE', `/posts/${post.id}`);
      onDeleted(post);
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };
  const done = (changed: Post) => {
    setMode('view');
    onChanged(changed);
  };

  return (
    <>
      <p class={`status status-${post.status}`}>{STATUS_TEXT[post.status] ?? post.status}</p>
      <p class="post-content">{post.content}</p>
      {post.series_id && (
        <p class="post-series">
          <a href={`/dashboard/series?id=${post.series_id}`}>Part of a series</a>
        </p>
      )}
      {post.evergreen && <p class="post-evergreen">Evergreen</p>}
      {post.media.length > 0 && (
        <p class="post-media" data-testid="post-media">
          {post.media.length === 1 ? '1 image' : `${post.media.length} images`}:{' '}
          {post.media.map((image) => (image.alt_text ? `“${image.alt_text}”` : 'no alt text')).join(', ')}
        </p>
      )}
      <dl>
        {post.scheduled_for && (
          <>
            <dt>Scheduled for</dt>
            <dd>
              {localTime(post.scheduled_for)} <span class="utc">({utcTime(post.scheduled_for)})</span>
            </dd>
          </>
        )}
        <dt>Created</dt>
        <dd>{localTime(post.created_at)}</dd>
        {post.published_at && (
          <>
            <dt>Published</dt>
            <dd>{localTime(post.published_at)}</dd>
          </>
        )}
      </dl>
      <ul class="results" aria-label="Platforms">
        {post.platforms.map((platform) => {
          const result = post.results[platform];
          return (
            <li key={platform}>
              <strong>{platformName(platform)}</strong>: {result?.status ?? 'pending'}
              {post.platform_content[platform] !== undefined && <> · own text</>}
              {result?.url && (
                <>
                  {' '}
                  ·{' '}
                  <a href={result.url} rel="noopener noreferrer" target="_blank">
                    view on {platformName(platform)}
                  </a>
                </>
              )}
              {result?.error && (
                <>
                  {' '}
                  ·{' '}
                  <span class="field-error-inline">
                    {result.error.code}: {result.error.message}
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      {mode === 'edit' && <PostEditor post={post} onSaved={done} onCancel={() => setMode('view')} />}
      {mode === 'retry' && <RetryForm post={post} onRetried={done} onCancel={() => setMode('view')} />}
      {mode === 'view' && (
        <div class="actions">
          {post.status === 'scheduled' && (
            <button type="button" class="secondary" onClick={() => setMode('edit')}>
              Edit post
            </button>
          )}
          {RETRYABLE.includes(post.status) && (
            <button type="button" class="secondary" onClick={() => setMode('retry')}>
              Retry post
            </button>
          )}
          {DELETABLE.includes(post.status) && <ConfirmButton label="Delete post" confirmLabel="Yes, delete this post" onConfirm={remove} />}
        </div>
      )}
      {(post.status === 'published' || post.status === 'partially_published') && <PostConversation postId={post.id} />}
    </>
  );
}
