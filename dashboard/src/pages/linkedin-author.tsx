import { useEffect, useState } from 'preact/hooks';
import { api, type Author, type AuthorList, type Profile, type ProfileResponse } from '../api';
import { Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';

/**
 * Posting as a LinkedIn page (docs/api.md, "LinkedIn pages"): the choice made before connecting
 * (the member, or a page it administers), and after LinkedIn's callback the picker of the pages
 * the member administers; the profile then shows who its posts appear as.
 */
export type AuthorChoice = Author['type'];

/** Member or page, asked before the browser goes to LinkedIn. */
export function AuthorChoiceField({ value, onChange }: { value: AuthorChoice; onChange: (choice: AuthorChoice) => void }) {
  return (
    <fieldset>
      <legend>Post as</legend>
      <label class="check">
        <input type="radio" name="linkedin-author" value="member" checked={value === 'member'} onChange={() => onChange('member')} /> Myself
        (my LinkedIn member profile)
      </label>
      <label class="check">
        <input
          type="radio"
          name="linkedin-author"
          value="organization"
          checked={value === 'organization'}
          onChange={() => onChange('organization')}
        />{' '}
        A company page I administer (you pick the page after signing in at LinkedIn)
      </label>
    </fieldset>
  );
}

/** Who a profile's posts appear as, for its details list. */
export function AuthorDetails({ profile }: { profile: Profile }) {
  if (profile.platform !== 'linkedin') return null;
  return (
    <>
      <dt>Posts as</dt>
      <dd data-testid="profile-author">
        {profile.author === null
          ? 'No page picked yet'
          : profile.author.type === 'organization'
            ? `Page: ${profile.author.name ?? profile.author.id}`
            : `Member: ${profile.author.name ?? profile.author.id}`}
      </dd>
    </>
  );
}

/** For a LinkedIn profile connected for a page and no page picked yet: the administered pages to pick from. */
export function PagePicker({ profile, onPicked }: { profile: Profile; onPicked: () => void }) {
  const [pages, setPages] = useState<Author[] | undefined>();
  const [chosen, setChosen] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<AuthorList>('GET', `/profiles/${profile.id}/authors`).then(
      ({ authors }) => setPages(authors.filter((author) => author.type === 'organization')),
      (error) => setErrors(fieldErrors(error)),
    );
  }, [profile.id]);

  const pick = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await api<ProfileResponse>('PUT', `/profiles/${profile.id}/author`, { body: { organization_id: chosen } });
      onPicked();
    } catch (error) {
      setErrors(fieldErrors(error));
      setBusy(false);
    }
  };

  return (
    <form class="page-picker" onSubmit={pick} aria-labelledby={`pages-${profile.id}`}>
      <h4 id={`pages-${profile.id}`}>Pick the LinkedIn page to post as</h4>
      <p class="help">Posts to LinkedIn are refused until a page is picked.</p>
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      {pages === undefined && !errors.form ? (
        <p role="status">Loading your pages…</p>
      ) : pages?.length === 0 ? (
        <p>LinkedIn lists no page you administer: disconnect and connect as yourself, or ask for the page's admin role.</p>
      ) : (
        <fieldset class={errors.organization_id ? 'has-error' : ''}>
          <legend>Pages you administer</legend>
          {pages?.map((page) => (
            <label class="check" key={page.id}>
              <input
                type="radio"
                name={`page-${profile.id}`}
                value={page.id}
                checked={chosen === page.id}
                onChange={() => setChosen(page.id)}
              />{' '}
              {page.name ?? `Page ${page.id}`}
            </label>
          ))}
          {errors.organization_id && (
            <p class="field-error" role="alert">
              {errors.organization_id}
            </p>
          )}
        </fieldset>
      )}
      {pages && pages.length > 0 && (
        <button type="submit" disabled={busy || !chosen}>
          Post as this page
        </button>
      )}
    </form>
  );
}
