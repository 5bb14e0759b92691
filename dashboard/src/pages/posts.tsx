import { useEffect, useState } from 'preact/hooks';
import { api, type Post, type PostPage } from '../api';
import { Notice } from '../components/field';
import { PostCard } from '../components/post-card';
import { fieldErrors, type FieldErrors } from '../field-errors';

/** The account's posts, newest first, each with its results and what can be done to it in place. */
export function PostsPage() {
  const [posts, setPosts] = useState<Post[] | undefined>();
  const [cursor, setCursor] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const load = async (after?: string) => {
    try {
      const page = await api<PostPage>('GET', `/posts?limit=20${after ? `&cursor=${encodeURIComponent(after)}` : ''}`);
      setPosts((current) => (after ? [...(current ?? []), ...page.posts] : page.posts));
      setCursor(page.next_cursor);
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };
  useEffect(() => void load(), []);

  const replace = (changed: Post) => setPosts((current) => current?.map((item) => (item.id === changed.id ? changed : item)));
  const drop = (gone: Post) => setPosts((current) => current?.filter((item) => item.id !== gone.id));

  return (
    <>
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      {posts === undefined ? (
        <p role="status">Loading…</p>
      ) : posts.length === 0 ? (
        <p>No posts yet.</p>
      ) : (
        <ul class="items">
          {posts.map((post) => (
            <li key={post.id} class="card item" data-testid="post-item" data-post-id={post.id}>
              <PostCard post={post} onChanged={replace} onDeleted={drop} />
            </li>
          ))}
        </ul>
      )}
      {cursor && (
        <button type="button" class="secondary" onClick={() => load(cursor)}>
          Show older posts
        </button>
      )}
    </>
  );
}
