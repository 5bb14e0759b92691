import { useEffect, useState } from 'preact/hooks';
import { api, type ApiKey, type CreatedKey, type KeyList } from '../api';
import { ConfirmButton, Field, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { localTime } from '../format';

type KeyScope = ApiKey['scope'];

/** What each scope may do, for the form (docs/api.md, "Key scopes"). */
const SCOPE_CHOICES: { scope: KeyScope; label: string }[] = [
  { scope: 'read', label: 'read: see everything, preview posts' },
  { scope: 'draft', label: 'draft: read, upload media, propose drafts (for an agent)' },
  { scope: 'write', label: 'write: draft, plus create, schedule, edit and delete any post' },
  { scope: 'admin', label: 'admin: everything, including profiles, webhooks and keys' },
];

/** The account's API keys: create one (its value shown this once), list, delete. */
export function KeysPage() {
  const [keys, setKeys] = useState<ApiKey[] | undefined>();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<KeyScope>('admin');
  const [created, setCreated] = useState<CreatedKey | undefined>();
  const [copied, setCopied] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // One idempotency-key per new key: a double submit, or a retry after a lost answer, gives the same key, not a second one.
  const [formKey, setFormKey] = useState(() => crypto.randomUUID());

  const load = () =>
    api<KeyList>('GET', '/keys').then(
      ({ keys: list }) => setKeys(list),
      (error) => setErrors(fieldErrors(error)),
    );
  useEffect(() => void load(), []);

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const result = await api<CreatedKey>('POST', '/keys', { body: { name, scope }, headers: { 'idempotency-key': formKey } });
      setCreated(result);
      setFormKey(crypto.randomUUID());
      setCopied(false);
      setName('');
      setScope('admin');
      await load();
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (key: ApiKey) => {
    setErrors({});
    try {
      await api('DELETE', `/keys/${key.id}`);
      if (created?.key.id === key.id) setCreated(undefined);
      await load();
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };

  const copy = async () => {
    if (!created) return;
    await navigator.clipboard?.writeText(created.api_key).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <>
      <p>
        Send a key in the <code>x-api-key</code> header of every API request. Use separate keys for development and production, and rotate
        them every 90 days: create a new key, switch your application to it, test, then delete the old one.
      </p>
      {created && (
        <section class="card new-key" aria-labelledby="new-key-title">
          <h2 id="new-key-title">New key “{created.key.name}”</h2>
          <p class="warning">
            <strong>Copy it now: you will not see this key again.</strong> Only a fingerprint of it is stored.
          </p>
          <div class="secret">
            <code id="new-key-value" data-testid="new-key-value">
              {created.api_key}
            </code>
            <button type="button" onClick={copy} aria-describedby="new-key-value">
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
          <button type="button" class="link" onClick={() => setCreated(undefined)}>
            I have stored it; hide the key
          </button>
        </section>
      )}
      <form class="card" onSubmit={create} noValidate>
        <h2>Create a key</h2>
        <Field id="key-name" label="Name" error={errors.name} help="What the key is for, e.g. production or ci (1–100 characters).">
          {(describedBy, invalid) => (
            <input
              id="key-name"
              maxLength={100}
              value={name}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onInput={(event) => setName(event.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          id="key-scope"
          label="Scope"
          error={errors.scope}
          help="What the key may do; give an agent a draft key, so a person approves what it proposes."
        >
          {(describedBy, invalid) => (
            <select
              id="key-scope"
              value={scope}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => setScope(event.currentTarget.value as KeyScope)}
            >
              {SCOPE_CHOICES.map((choice) => (
                <option key={choice.scope} value={choice.scope}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {errors.form && <Notice kind="error">{errors.form}</Notice>}
        <button type="submit" disabled={busy}>
          Create key
        </button>
      </form>
      <section aria-labelledby="keys-title">
        <h2 id="keys-title">Your keys</h2>
        {keys === undefined ? (
          <p role="status">Loading…</p>
        ) : keys.length === 0 ? (
          <p>No keys yet.</p>
        ) : (
          <ul class="items">
            {keys.map((key) => (
              <li key={key.id} class="card item" data-testid="key-item">
                <h3>{key.name}</h3>
                <dl>
                  <dt>Scope</dt>
                  <dd data-testid="key-scope">{key.scope}</dd>
                  <dt>Starts with</dt>
                  <dd>
                    <code>{key.prefix}…</code>
                  </dd>
                  <dt>Created</dt>
                  <dd>{localTime(key.created_at)}</dd>
                  <dt>Last used</dt>
                  <dd>{key.last_used_at ? localTime(key.last_used_at) : 'Never'}</dd>
                </dl>
                <ConfirmButton label={`Delete ${key.name}`} confirmLabel={`Yes, delete ${key.name} now`} onConfirm={() => remove(key)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
