import { useEffect, useRef, useState } from 'preact/hooks';
import { api, setCsrfToken, whenSignedOut, type SessionInfo } from './api';
import { Notice } from './components/field';
import { AnalyticsPage } from './pages/analytics';
import { CalendarPage } from './pages/calendar';
import { ComposePage } from './pages/compose';
import { CsvImportPage } from './pages/csv-import';
import { DraftsPage } from './pages/drafts';
import { KeysPage } from './pages/keys';
import { PostsPage } from './pages/posts';
import { ProfilesPage } from './pages/profiles';
import { SignInPage } from './pages/sign-in';
import { UsagePage } from './pages/usage';
import { WebhooksPage } from './pages/webhooks';
import { QueueSettingsPage } from './pages/queue-settings';
import { QueueCalendarPage } from './pages/queue-calendar';
import { SeriesPage } from './pages/series';
import { RecycleSettings } from './pages/recycle-settings';
import { linkProps, navigate, usePage, type Page } from './router';

const TITLES: Record<Page, string> = {
  'sign-in': 'Sign in',
  keys: 'API keys',
  profiles: 'Profiles',
  compose: 'Compose',
  posts: 'Posts',
  calendar: 'Calendar',
  usage: 'Usage',
  webhooks: 'Webhooks',
  drafts: 'Drafts',
  import: 'Import CSV',
  queue: 'Posting queue',
  'queue-calendar': 'Queue planner',
  analytics: 'Analytics',
  // Reached from a post of a series, not from the navigation.
  series: 'Series',
};
const NAV: Page[] = [
  'keys',
  'profiles',
  'compose',
  'drafts',
  'posts',
  'calendar',
  'usage',
  'webhooks',
  'queue',
  'queue-calendar',
  'import',
  'analytics',
];

/** The shell: who is signed in, the navigation, and the current page. */
export function App() {
  const page = usePage();
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  // A message for one page (e.g. "Post scheduled" on the posts page after composing).
  const [flash, setFlash] = useState<{ page: Page; text: string } | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);

  const signedIn = (info: SessionInfo) => {
    setCsrfToken(info.csrf_token);
    setSession(info);
  };
  useEffect(() => {
    whenSignedOut(() => {
      setSession(null);
      setFlash({ page: 'sign-in', text: 'Your session has ended. Sign in again.' });
    });
    api<SessionInfo>('GET', '/session').then(signedIn, () => setSession(null));
  }, []);

  const shown: Page = session === null ? 'sign-in' : page && page !== 'sign-in' ? page : 'keys';
  useEffect(() => {
    if (session === undefined) return;
    if (shown !== page) navigate(shown, { replace: true });
    document.title = `${TITLES[shown]} · Social posting dashboard`;
    // Move focus to the new page's heading so screen readers and keyboards start there.
    heading.current?.focus();
  }, [shown, session]);

  if (session === undefined)
    return (
      <p class="loading" role="status">
        Loading…
      </p>
    );

  const signOut = async () => {
    await api('POST', '/sign-out').catch(() => undefined);
    setCsrfToken('');
    setFlash(undefined);
    setSession(null);
  };

  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <p class="brand">Social posting</p>
        {session && (
          <>
            <nav aria-label="Dashboard">
              <ul>
                {NAV.map((item) => (
                  <li key={item}>
                    <a {...linkProps(item)} aria-current={item === shown ? 'page' : undefined}>
                      {TITLES[item]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div class="who">
              <span>{session.account.email ?? session.account.name}</span>
              <button type="button" class="link" onClick={signOut}>
                Sign out
              </button>
            </div>
          </>
        )}
      </header>
      <main id="main">
        <h1 ref={heading} tabIndex={-1}>
          {TITLES[shown]}
        </h1>
        {flash?.page === shown && <Notice kind="info">{flash.text}</Notice>}
        {shown === 'sign-in' && (
          <SignInPage
            onSignedIn={(info) => {
              setFlash(undefined);
              signedIn(info);
            }}
          />
        )}
        {session && shown === 'keys' && <KeysPage />}
        {session && shown === 'profiles' && <ProfilesPage />}
        {session && shown === 'compose' && (
          <ComposePage
            onCreated={(message) => {
              setFlash({ page: 'posts', text: message });
              navigate('posts');
            }}
          />
        )}
        {session && shown === 'posts' && <PostsPage />}
        {session && shown === 'calendar' && <CalendarPage />}
        {session && shown === 'usage' && <UsagePage />}
        {session && shown === 'webhooks' && <WebhooksPage />}
        {session && shown === 'drafts' && <DraftsPage />}
        {session && shown === 'import' && <CsvImportPage />}
        {session && shown === 'queue' && <QueueSettingsPage />}
        {/* Evergreen recycling (docs/api.md, "Evergreen recycling"): its own form below the schedule's. */}
        {session && shown === 'queue' && <RecycleSettings />}
        {session && shown === 'queue-calendar' && <QueueCalendarPage />}
        {session && shown === 'analytics' && <AnalyticsPage />}
        {session && shown === 'series' && <SeriesPage />}
      </main>
    </>
  );
}
