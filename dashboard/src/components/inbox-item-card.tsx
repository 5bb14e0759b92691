import { useState } from 'preact/hooks';
import type { components } from '../../../client/src/schema.gen';
import { api, ApiError } from '../api';
import { Notice } from './field';
import { localTime, platformName } from '../format';

export type InboxItem = components['schemas']['InboxItem'];
type ItemResponse = components['schemas']['InboxItemResponse'];

const TYPE_TEXT: Record<InboxItem['type'], string> = { reply: 'Reply', mention: 'Mention', quote: 'Quote', comment: 'Comment' };
const REPLY_TEXT: Record<string, string> = {
  draft: 'Draft reply',
  publishing: 'Reply being published',
  published: 'Replied',
  failed: 'Reply failed',
};

/**
 * One inbox item: who said what and where, its status, and what can be done to it in place: mark
 * it read or hidden, reply, or approve a draft reply an agent proposed (at the version shown).
 */
export function InboxItemCard({ item, onChanged }: { item: InboxItem; onChanged: (item: InboxItem) => void }) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const act = async (method: 'POST' | 'PATCH', path: string, body?: unknown) => {
    setError(undefined);
    setBusy(true);
    try {
      onChanged((await api<ItemResponse>(method, path, { body })).item);
      return true;
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const author = item.author.display_name ?? item.author.handle ?? item.author.id;
  const reply = item.reply;
  const canReply = !reply || reply.status === 'draft' || reply.status === 'failed';

  return (
    <>
      <p>
        <strong>{TYPE_TEXT[item.type]}</strong> on {platformName(item.platform)} by{' '}
        {item.author.url ? <a href={item.author.url}>{author}</a> : author} · {localTime(item.created_at)} ·{' '}
        <span data-testid="inbox-status">{item.status}</span>
      </p>
      <blockquote data-testid="inbox-text">{item.text}</blockquote>
      <p>
        <a href={item.url}>Open on {platformName(item.platform)}</a>
      </p>
      {reply && (
        <p data-testid="inbox-reply">
          {REPLY_TEXT[reply.status]}: “{reply.content}”
          {reply.url && (
            <>
              {' '}
              · <a href={reply.url}>view</a>
            </>
          )}
          {reply.error && <> · {reply.error.message}</>}
        </p>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      <div class="actions">
        {reply?.status === 'draft' && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void act('POST', `/inbox/${item.id}/reply/approve`, { expected_version: item.version })}
          >
            Approve reply
          </button>
        )}
        {item.status === 'new' && (
          <button
            type="button"
            class="secondary"
            disabled={busy}
            onClick={() => void act('PATCH', `/inbox/${item.id}`, { status: 'read' })}
          >
            Mark read
          </button>
        )}
        {item.status !== 'hidden' && (
          <button
            type="button"
            class="secondary"
            disabled={busy}
            onClick={() => void act('PATCH', `/inbox/${item.id}`, { status: 'hidden' })}
          >
            Hide
          </button>
        )}
      </div>
      {canReply && (
        <form
          class="inline"
          onSubmit={(event) => {
            event.preventDefault();
            void act('POST', `/inbox/${item.id}/reply`, { content }).then((sent) => sent && setContent(''));
          }}
        >
          <label>
            Reply <textarea value={content} rows={2} onInput={(event) => setContent(event.currentTarget.value)} required />
          </label>
          <button type="submit" disabled={busy}>
            Send reply
          </button>
        </form>
      )}
    </>
  );
}
