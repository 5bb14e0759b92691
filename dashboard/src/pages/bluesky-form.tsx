import { useState } from 'preact/hooks';
import { api } from '../api';
import { Field, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';

/** Connect Bluesky with a handle and an app password (never the main password). */
export function BlueskyForm({ onConnected }: { onConnected: () => void }) {
  const [handle, setHandle] = useState('');
  const [appPassword, setAppPassword] = useState('');
  const [service, setService] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const body = { handle, app_password: appPassword, ...(service.trim() ? { service: service.trim() } : {}) };
      await api('POST', '/profiles/bluesky', { body });
      setAppPassword('');
      onConnected();
    } catch (error) {
      setErrors(fieldErrors(error, { INVALID_CREDENTIALS: 'app_password' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card" onSubmit={submit} noValidate aria-labelledby="bluesky-title">
      <h2 id="bluesky-title">Connect Bluesky</h2>
      <Field id="bluesky-handle" label="Handle" error={errors.handle} help="For example alice.bsky.social">
        {(describedBy, invalid) => (
          <input
            id="bluesky-handle"
            autocomplete="off"
            autocapitalize="none"
            spellcheck={false}
            value={handle}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onInput={(event) => setHandle(event.currentTarget.value)}
          />
        )}
      </Field>
      <Field
        id="bluesky-app-password"
        label="App password"
        error={errors.app_password}
        help={
          <>
            Create one in Bluesky under Settings › Privacy and security › App passwords (form xxxx-xxxx-xxxx-xxxx). Never enter your main
            password.
          </>
        }
      >
        {(describedBy, invalid) => (
          <input
            id="bluesky-app-password"
            type="password"
            autocomplete="off"
            value={appPassword}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onInput={(event) => setAppPassword(event.currentTarget.value)}
          />
        )}
      </Field>
      <details open={Boolean(errors.service)}>
        <summary>Another server (PDS)</summary>
        <Field id="bluesky-service" label="Server URL" error={errors.service} help="Leave empty for the default (https://bsky.social).">
          {(describedBy, invalid) => (
            <input
              id="bluesky-service"
              type="url"
              value={service}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onInput={(event) => setService(event.currentTarget.value)}
            />
          )}
        </Field>
      </details>
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      <button type="submit" disabled={busy}>
        {busy ? 'Connecting…' : 'Connect Bluesky'}
      </button>
    </form>
  );
}
