import { useEffect, useState } from 'preact/hooks';
import { api, type AuditEntry, type AuditPage } from '../api';
import { Notice } from '../components/field';
import { localTime } from '../format';

const DAY_MS = 24 * 60 * 60_000;
/** The ranges offered: the API reads at most 90 days back (docs/api.md, "Audit trail"). */
const RANGES = [1, 7, 30, 90] as const;

/** Who, in words: the key or client by its name then, or the owner signed in here. */
export function actorText(actor: AuditEntry['actor']): string {
  if (actor.type === 'dashboard') return 'Dashboard (owner)';
  const kind = actor.type === 'api_key' ? 'API key' : 'Connected app';
  return actor.name ? `${kind} “${actor.name}”` : `${kind} ${actor.id.slice(0, 8)}`;
}

const ACTIONS: Record<AuditEntry['action'], string> = {
  'post.created': 'Post created',
  'post.edited': 'Post edited',
  'post.approved': 'Post approved',
  'post.deleted': 'Post deleted',
  'post.retried': 'Post retried',
  'key.created': 'Key created',
  'key.deleted': 'Key deleted',
  'webhook.created': 'Webhook created',
  'webhook.deleted': 'Webhook deleted',
  'webhook.secret_rotated': 'Webhook secret rotated',
  'profile.connected': 'Profile connected',
  'profile.removed': 'Profile removed',
  'queue.changed': 'Posting queue changed',
  'connection.authorized': 'App connected',
  'connection.revoked': 'App disconnected',
  'inbox.replied': 'Reply sent',
};

/**
 * The audit trail (GET /audit through the dashboard's twin): every change to the account, newest
 * first, with who made it, what, on which thing and the post's version; a range of the last 1 to 90
 * days, and more entries page by page.
 */
export function AuditPage() {
  const [days, setDays] = useState<(typeof RANGES)[number]>(7);
  const [entries, setEntries] = useState<AuditEntry[] | undefined>();
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const load = (more?: string) => {
    setError(undefined);
    const query = more
      ? `cursor=${encodeURIComponent(more)}`
      : `from=${encodeURIComponent(new Date(Date.now() - days * DAY_MS).toISOString())}`;
    api<AuditPage>('GET', `/audit?limit=50&${query}`).then(
      (page) => {
        setEntries((shown) => (more ? [...(shown ?? []), ...page.entries] : page.entries));
        setCursor(page.next_cursor);
      },
      (failure: Error) => setError(failure.message),
    );
  };
  useEffect(() => load(), [days]);

  return (
    <section class="card">
      <label>
        Show the last{' '}
        <select value={days} onChange={(event) => setDays(Number(event.currentTarget.value) as (typeof RANGES)[number])}>
          {RANGES.map((range) => (
            <option key={range} value={range}>
              {range === 1 ? '24 hours' : `${range} days`}
            </option>
          ))}
        </select>
      </label>
      {error && <Notice kind="error">{error}</Notice>}
      {entries === undefined && !error && <p role="status">Loading…</p>}
      {entries?.length === 0 && <p>Nothing changed in this period.</p>}
      {entries && entries.length > 0 && (
        <table class="deliveries" data-testid="audit-entries">
          <caption>Newest first; entries are kept 90 days.</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
              <th scope="col">Version</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-action={entry.action}>
                <td>{localTime(entry.at)}</td>
                <td>{actorText(entry.actor)}</td>
                <td>{ACTIONS[entry.action]}</td>
                <td>
                  {entry.target.type} <code>{entry.target.id.slice(0, 8)}</code>
                </td>
                <td>{entry.version ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor && (
        <button type="button" class="secondary" onClick={() => load(cursor)}>
          Show older entries
        </button>
      )}
    </section>
  );
}
