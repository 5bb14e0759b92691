import { useEffect, useState } from 'preact/hooks';
import { api, type LinkedInAuthorization, type Profile, type ProfileList } from '../api';
import { ConfirmButton, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { localTime, platformName } from '../format';
import { BASE } from '../router';
import { BlueskyForm, BlueskySignIn } from './bluesky-form';
import { AuthorChoiceField, AuthorDetails, PagePicker, type AuthorChoice } from './linkedin-author';

/** What LinkedIn's callback put in the address when it sent the browser back here. */
function linkedInOutcome(): { kind: 'success' | 'error'; text: string } | undefined {
  const query = new URLSearchParams(location.search);
  const status = query.get('status');
  if (!status) return undefined;
  history.replaceState(null, '', location.pathname);
  if (status === 'connected') return { kind: 'success', text: 'LinkedIn is connected.' };
  return { kind: 'error', text: `LinkedIn was not connected: ${query.get('details') ?? query.get('error') ?? 'unknown error'}` };
}

/** Connected profiles: one per platform; connect Bluesky (app password) or LinkedIn (OAuth), delete. */
export function ProfilesPage() {
  const [profiles, setProfiles] = useState<Profile[] | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome] = useState(linkedInOutcome);
  const [busy, setBusy] = useState(false);
  const [author, setAuthor] = useState<AuthorChoice>('member');

  const load = () =>
    api<ProfileList>('GET', '/profiles').then(
      ({ profiles: list }) => setProfiles(list),
      (error) => setErrors(fieldErrors(error)),
    );
  useEffect(() => void load(), []);

  const connectLinkedIn = async () => {
    setBusy(true);
    setErrors({});
    try {
      const { authorization_url } = await api<LinkedInAuthorization>('POST', '/profiles/linkedin/authorize', {
        body: { return_url: `${location.origin}${BASE}/profiles`, author },
      });
      location.assign(authorization_url);
    } catch (error) {
      setErrors(fieldErrors(error, { return_url: 'linkedin', SERVICE_UNAVAILABLE: 'linkedin', PROFILE_ALREADY_EXISTS: 'linkedin' }));
      setBusy(false);
    }
  };

  const remove = async (profile: Profile) => {
    setErrors({});
    try {
      await api('DELETE', `/profiles/${profile.id}`);
      await load();
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };

  const connected = (platform: Profile['platform']) => profiles?.some((profile) => profile.platform === platform);
  return (
    <>
      {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      <section aria-labelledby="profiles-title">
        <h2 id="profiles-title">Connected profiles</h2>
        {profiles === undefined ? (
          <p role="status">Loading…</p>
        ) : profiles.length === 0 ? (
          <p>No profile connected yet.</p>
        ) : (
          <ul class="items">
            {profiles.map((profile) => (
              <li key={profile.id} class="card item" data-testid="profile-item">
                <h3>
                  {platformName(profile.platform)}: {profile.handle}
                </h3>
                {profile.needs_reconnect && (
                  <Notice kind="error">The platform refused the stored credentials: delete this profile and connect it again.</Notice>
                )}
                <dl>
                  {profile.display_name && (
                    <>
                      <dt>Name</dt>
                      <dd>{profile.display_name}</dd>
                    </>
                  )}
                  <dt>Account id</dt>
                  <dd>
                    <code>{profile.platform_user_id}</code>
                  </dd>
                  <dt>Connected</dt>
                  <dd>{localTime(profile.connected_at)}</dd>
                  <AuthorDetails profile={profile} />
                  {profile.auth && (
                    <>
                      <dt>Signed in with</dt>
                      <dd>{profile.auth === 'oauth' ? 'Bluesky sign-in (OAuth)' : 'App password'}</dd>
                    </>
                  )}
                  {profile.expires_at && (
                    <>
                      <dt>Access expires</dt>
                      <dd>{localTime(profile.expires_at)}</dd>
                    </>
                  )}
                </dl>
                {profile.platform === 'linkedin' && profile.author === null && <PagePicker profile={profile} onPicked={load} />}
                <ConfirmButton
                  label={`Disconnect ${platformName(profile.platform)}`}
                  confirmLabel="Yes, disconnect"
                  onConfirm={() => remove(profile)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {profiles && !connected('bluesky') && (
        <>
          <BlueskySignIn />
          <BlueskyForm onConnected={load} />
        </>
      )}
      {profiles && !connected('linkedin') && (
        <section class="card" aria-labelledby="linkedin-title">
          <h2 id="linkedin-title">Connect LinkedIn</h2>
          <p id="linkedin-help">You will sign in at LinkedIn and come back here.</p>
          {errors.linkedin && (
            <p class="field-error" role="alert">
              {errors.linkedin}
            </p>
          )}
          <AuthorChoiceField value={author} onChange={setAuthor} />
          <button type="button" onClick={connectLinkedIn} disabled={busy} aria-describedby="linkedin-help">
            Connect LinkedIn
          </button>
        </section>
      )}
    </>
  );
}
