import { useEffect, useState } from 'preact/hooks';
import { api, type OAuthConsentAnswer, type OAuthConsentRequest } from '../api';
import { Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';

type Scope = OAuthConsentRequest['scope'];

/** What each scope lets an app do (docs/api.md, "Key scopes"); admin is never offered to an app. */
const SCOPE_CHOICES: { scope: Scope; label: string }[] = [
  { scope: 'read', label: 'Read: see your posts, profiles and usage, preview posts' },
  { scope: 'draft', label: 'Draft: read, upload media and propose drafts that you approve' },
  { scope: 'write', label: 'Write: draft, plus create, schedule, edit and delete any post' },
];

/** The problems GET /oauth/authorize shows here rather than send to an address it cannot trust. */
const ERROR_TEXT: Record<string, string> = {
  invalid_client: 'The app is not known here.',
  invalid_request: 'The app sent a request this service cannot accept.',
};

/**
 * The OAuth consent page (docs/api.md, "Connecting an agent with OAuth"): an app asks to reach the
 * account through the MCP server. It shows the app's name and where the answer goes; the person
 * picks what it may do and allows or denies; the browser then goes back to the app.
 */
export function AuthorizePage() {
  const params = new URLSearchParams(location.search);
  const request = params.get('request') ?? '';
  const problem = params.get('error');
  const [asked, setAsked] = useState<OAuthConsentRequest | undefined>();
  const [scope, setScope] = useState<Scope>('draft');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (problem || !request) return;
    api<OAuthConsentRequest>('GET', `/oauth/request?${new URLSearchParams({ request }).toString()}`).then(
      (answer) => {
        setAsked(answer);
        setScope(answer.scope);
      },
      (error) => setErrors(fieldErrors(error)),
    );
  }, []);

  if (problem || !request) {
    return (
      <Notice kind="error">
        {ERROR_TEXT[problem ?? ''] ?? 'This authorization request cannot be completed.'} {params.get('error_description') ?? ''} Nothing was
        shared; go back to the app and try again.
      </Notice>
    );
  }

  const decide = async (allow: boolean) => {
    setBusy(true);
    setErrors({});
    try {
      const answer = await api<OAuthConsentAnswer>('POST', '/oauth/decision', {
        body: allow ? { request, allow, scope } : { request, allow },
      });
      location.assign(answer.redirect_url);
    } catch (error) {
      setErrors(fieldErrors(error));
      setBusy(false);
    }
  };

  return (
    <>
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      {asked === undefined ? (
        !errors.form && <p role="status">Loading…</p>
      ) : (
        <form class="card" onSubmit={(event) => (event.preventDefault(), void decide(true))}>
          <h2>
            <span data-testid="consent-client">{asked.client_name}</span> wants to reach your account
          </h2>
          <p>
            It will act through the MCP server. Your answer goes to{' '}
            <strong data-testid="consent-redirect-host">{asked.redirect_host}</strong>
            {asked.client_uri && <> (the app’s site: {asked.client_uri})</>}. Allow it only if you started this from that app.
          </p>
          <fieldset>
            <legend>What may it do?</legend>
            {SCOPE_CHOICES.map((choice) => (
              <label key={choice.scope} class="check">
                <input
                  type="radio"
                  name="consent-scope"
                  value={choice.scope}
                  checked={scope === choice.scope}
                  onChange={() => setScope(choice.scope)}
                />{' '}
                {choice.label}
              </label>
            ))}
          </fieldset>
          <p>You can revoke it any time under Connected apps.</p>
          <div class="actions">
            <button type="submit" disabled={busy}>
              Allow
            </button>
            <button type="button" class="secondary" disabled={busy} onClick={() => void decide(false)}>
              Deny
            </button>
          </div>
        </form>
      )}
    </>
  );
}
