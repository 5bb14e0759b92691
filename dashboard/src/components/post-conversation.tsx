import { useState } from 'preact/hooks';
import type { components } from '../../../client/src/schema.gen';
import { api, ApiError } from '../api';
import { Notice } from './field';
import { InboxItemCard, type InboxItem } from './inbox-item-card';

/** A post's conversation: the inbox items that answer it, shown on demand under the post, each answerable in place. */
export function PostConversation({ postId }: { postId: string }) {
  const [items, setItems] = useState<InboxItem[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const show = async () => {
    try {
      setItems((await api<components['schemas']['InboxPage']>('GET', `/inbox?post_id=${postId}&limit=100`)).items);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };
  if (items === undefined)
    return (
      <>
        {error && <Notice kind="error">{error}</Notice>}
        <button type="button" class="secondary" onClick={() => void show()}>
          Show conversation
        </button>
      </>
    );
  const replace = (changed: InboxItem) => setItems((current) => current?.map((item) => (item.id === changed.id ? changed : item)));
  return (
    <section data-testid="post-conversation">
      <h3>Conversation</h3>
      {items.length === 0 ? (
        <p>No replies, mentions, quotes or comments collected yet.</p>
      ) : (
        <ul class="items">
          {items.map((item) => (
            <li key={item.id} class="item">
              <InboxItemCard item={item} onChanged={replace} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
