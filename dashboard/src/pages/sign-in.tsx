import { useState } from 'preact/hooks';
import { api, type SessionInfo } from '../api';
import { Field, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';

/** Email + password. A wrong pair gets one message, whichever part was wrong. */
export function SignInPage({ onSignedIn }: { onSignedIn: (session: SessionInfo) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      onSignedIn(await api<SessionInfo>('POST', '/sign-in', { body: { email, password } }));
    } catch (error) {
      // Wrong email or password, and the lock after ten failures, concern the pair: shown above the button.
      setErrors(fieldErrors(error, { INVALID_CREDENTIALS: 'form', RATE_LIMIT_EXCEEDED: 'form' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card narrow" onSubmit={submit} noValidate>
      <p>Sign in with the email and password your operator set for your account.</p>
      <Field id="email" label="Email" error={errors.email}>
        {(describedBy, invalid) => (
          <input
            id="email"
            type="email"
            autocomplete="username"
            required
            value={email}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
        )}
      </Field>
      <Field id="password" label="Password" error={errors.password}>
        {(describedBy, invalid) => (
          <input
            id="password"
            type="password"
            autocomplete="current-password"
            required
            value={password}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onInput={(event) => setPassword(event.currentTarget.value)}
          />
        )}
      </Field>
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      <button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
