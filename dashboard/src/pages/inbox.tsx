import { useEffect, useState } from 'preact/hooks';
import type { components } from '../../../client/src/schema.gen';
import { api, ApiError, type Post, type PostPage } from '../api';
import { Notice } from '../components/field';
import { InboxItemCard, type InboxItem } from '../components/inbox-item-card';

type InboxPage = components['schemas']['InboxPage'];

/** New items first, then the rest, each group newest first (as the API lists them). */
const newFirst = (items: InboxItem[]): InboxItem[] => [
  ...items.filter((item) => item.status === 'new'),
  ...items.filter((item) => item.status !== 'new'),
];

/**
 * The inbox: replies, mentions, quotes and comments that came back, new first, filtered by
 * platform and post, each beside the post it answers; reply inline, or approve an agent's draft
 * reply. "Check now" collects at once (at most once a minute).
 */
export function InboxPage({ postId }: { postId?: string }) {
  const [platform, setPlatform] = useState('');
  const [post, setPost] = useState(postId ?? '');
  const [items, setItems] = useState<InboxItem[] | undefined>();
  const [posts, setPosts] = useState<Record<string, Post>>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | undefined>();

  const load = async () => {
    const query = new URLSearchParams({ limit: '100', ...(platform ? { platform } : {}), ...(post ? { post_id: post } : {}) });
    try {
      const page = await api<InboxPage>('GET', `/inbox?${query.toString()}`);
      setItems(newFirst(page.items));
      // The posts they answer: the account's recent published posts (the dashboard has no single-post read).
      const pages = await Promise.all(
        (['published', 'partially_published'] as const).map((status) => api<PostPage>('GET', `/posts?status=${status}&limit=100`)),
      );
      setPosts(Object.fromEntries(pages.flatMap((one) => one.posts).map((one) => [one.id, one])));
    } catch (failure) {
      setNotice({ kind: 'error', text: failure instanceof ApiError ? failure.message : String(failure) });
    }
  };
  useEffect(() => void load(), [platform, post]);

  const refresh = async () => {
    setNotice(undefined);
    try {
      const { received } = await api<{ received: number }>('POST', '/inbox/refresh');
      setNotice({ kind: 'info', text: received === 1 ? '1 new item.' : `${received} new items.` });
      await load();
    } catch (failure) {
      setNotice({ kind: 'error', text: failure instanceof ApiError ? failure.message : String(failure) });
    }
  };
  const replace = (changed: InboxItem) => setItems((current) => current?.map((item) => (item.id === changed.id ? changed : item)));

  return (
    <>
      <form class="inline" onSubmit={(event) => event.preventDefault()}>
        <label>
          Platform{' '}
          <select value={platform} onChange={(event) => setPlatform(event.currentTarget.value)}>
            <option value="">All</option>
            <option value="bluesky">Bluesky</option>
            <option value="linkedin">LinkedIn</option>
          </select>
        </label>
        <label>
          Post{' '}
          <select value={post} onChange={(event) => setPost(event.currentTarget.value)}>
            <option value="">All posts</option>
            {post && !posts[post] && <option value={post}>This post</option>}
            {Object.values(posts).map((one) => (
              <option key={one.id} value={one.id}>
                {one.content.slice(0, 60)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="secondary" onClick={() => void refresh()}>
          Check now
        </button>
      </form>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {items === undefined ? (
        <p role="status">Loading…</p>
      ) : items.length === 0 ? (
        <p>Nothing has come back yet.</p>
      ) : (
        <ul class="items">
          {items.map((item) => (
            <li key={item.id} class="card item" data-testid="inbox-item" data-item-id={item.id}>
              {item.post_id && posts[item.post_id] && (
                <p class="muted" data-testid="inbox-post">
                  On your post: “{posts[item.post_id]!.content.slice(0, 140)}”
                </p>
              )}
              <InboxItemCard item={item} onChanged={replace} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
