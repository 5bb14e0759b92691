import { useState } from 'preact/hooks';
import { api, type BlueskyAuthorization } from '../api';
import { Field, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { BASE } from '../router';

/**
 * "Sign in with Bluesky" (atproto OAuth, docs/api.md, "Connecting Bluesky with OAuth"): the user
 * signs in at their own server and comes back to the profiles page; no password reaches us. Offered
 * first; the app-password form below stays for servers or users that cannot use it.
 */
export function BlueskySignIn() {
  const [handle, setHandle] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const { authorization_url } = await api<BlueskyAuthorization>('POST', '/profiles/bluesky/authorize', {
        body: { handle, return_url: `${location.origin}${BASE}/profiles` },
      });
      location.assign(authorization_url);
    } catch (error) {
      setErrors(fieldErrors(error, { SERVICE_UNAVAILABLE: 'form', PROFILE_ALREADY_EXISTS: 'form' }));
      setBusy(false);
    }
  };

  return (
    <form class="card" onSubmit={submit} noValidate aria-labelledby="bluesky-oauth-title">
      <h2 id="bluesky-oauth-title">Sign in with Bluesky</h2>
      <p>You will sign in at your Bluesky server and come back here. Recommended: the service never sees your password.</p>
      <Field id="bluesky-oauth-handle" label="Bluesky account" error={errors.handle} help="Your handle, for example alice.bsky.social">
        {(describedBy, invalid) => (
          <input
            id="bluesky-oauth-handle"
            autocomplete="username"
            autocapitalize="none"
            spellcheck={false}
            value={handle}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onInput={(event) => setHandle(event.currentTarget.value)}
          />
        )}
      </Field>
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      <button type="submit" disabled={busy}>
        {busy ? 'Opening Bluesky…' : 'Sign in with Bluesky'}
      </button>
    </form>
  );
}

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
      <p>Or connect with an app password.</p>
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
