import { useEffect, useState } from 'preact/hooks';
import { api, type Post } from '../api';
import { ConfirmButton, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { localTime, platformName, utcTime } from '../format';

const DELETABLE = ['scheduled', 'failed'];
const STATUS_TEXT: Record<string, string> = {
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  partially_published: 'Partly published',
  failed: 'Failed',
};

/** The account's posts, newest first, with each platform's result and link. */
export function PostsPage() {
  const [posts, setPosts] = useState<Post[] | undefined>();
  const [cursor, setCursor] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const load = async (after?: string) => {
    try {
      const page = await api<{ posts: Post[]; next_cursor: string | null }>('GET', `/posts?limit=20${after ? `&cursor=${encodeURIComponent(after)}` : ''}`);
      setPosts((current) => (after ? [...(current ?? []), ...page.posts] : page.posts));
      setCursor(page.next_cursor);
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };
  useEffect(() => void load(), []);

  const remove = async (post: Post) => {
    setErrors({});
    try {
      await api('DELETE', `/posts/${post.id}`);
      setPosts((current) => current?.filter((item) => item.id !== post.id));
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };

  return (
    <>
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      {posts === undefined ? <p role="status">Loading…</p> : posts.length === 0 ? <p>No posts yet.</p> : (
        <ul class="items">
          {posts.map((post) => (
            <li key={post.id} class="card item" data-testid="post-item">
              <p class={`status status-${post.status}`}>{STATUS_TEXT[post.status] ?? post.status}</p>
              <p class="post-content">{post.content}</p>
              {post.media.length > 0 && (
                <p class="post-media" data-testid="post-media">
                  {post.media.length === 1 ? '1 image' : `${post.media.length} images`}: {post.media.map((image) => (image.alt_text ? `“${image.alt_text}”` : 'no alt text')).join(', ')}
                </p>
              )}
              <dl>
                {post.scheduled_for && (<><dt>Scheduled for</dt><dd>{localTime(post.scheduled_for)} <span class="utc">({utcTime(post.scheduled_for)})</span></dd></>)}
                <dt>Created</dt><dd>{localTime(post.created_at)}</dd>
                {post.published_at && (<><dt>Published</dt><dd>{localTime(post.published_at)}</dd></>)}
              </dl>
              <ul class="results" aria-label="Platforms">
                {post.platforms.map((platform) => {
                  const result = post.results[platform];
                  return (
                    <li key={platform}>
                      <strong>{platformName(platform)}</strong>: {result?.status ?? 'pending'}
                      {result?.url && <> · <a href={result.url} rel="noopener noreferrer" target="_blank">view on {platformName(platform)}</a></>}
                      {result?.error && <> · <span class="field-error-inline">{result.error.code}: {result.error.message}</span></>}
                    </li>
                  );
                })}
              </ul>
              {DELETABLE.includes(post.status) && <ConfirmButton label="Delete post" confirmLabel="Yes, delete this post" onConfirm={() => remove(post)} />}
            </li>
          ))}
        </ul>
      )}
      {cursor && <button type="button" class="secondary" onClick={() => load(cursor)}>Show older posts</button>}
    </>
  );
}
