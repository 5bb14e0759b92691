import { useEffect, useRef, useState } from 'preact/hooks';
import { api, setCsrfToken, whenSignedOut, type SessionInfo } from './api';
import { Notice } from './components/field';
import { AnalyticsPage } from './pages/analytics';
import { AuthorizePage } from './pages/authorize';
import { ConnectionsPage } from './pages/connections';
import { AuditPage } from './pages/audit';
import { ComposePage } from './pages/compose';
import { CsvImportPage } from './pages/csv-import';
import { DraftsPage } from './pages/drafts';
import { InboxPage } from './pages/inbox';
import { KeysPage } from './pages/keys';
import { PostsPage } from './pages/posts';
import { ProfilesPage } from './pages/profiles';
import { SignInPage } from './pages/sign-in';
import { UsagePage } from './pages/usage';
import { WebhooksPage } from './pages/webhooks';
import { QueueSettingsPage } from './pages/queue-settings';
import { PlannerPage } from './pages/planner';
import { MainNav } from './components/main-nav';
import { addressNames, navigate, usePage, type Page } from './router';
import { SeriesPage } from './pages/series';
import { RecycleSettings } from './pages/recycle-settings';

const TITLES: Record<Page, string> = {
  'sign-in': 'Sign in',
  keys: 'API keys',
  profiles: 'Profiles',
  compose: 'Compose',
  posts: 'Posts',
  planner: 'Planner',
  usage: 'Usage',
  webhooks: 'Webhooks',
  drafts: 'Drafts',
  import: 'Import CSV',
  queue: 'Posting queue',
  analytics: 'Analytics',
  connections: 'Connected apps',
  authorize: 'Connect an app',
  audit: 'Audit trail',
  inbox: 'Inbox',
  // Reached from a post of a series, not from the navigation.
  series: 'Series',
};

/** The shell: who is signed in, the navigation, and the current page. */
export function App() {
  const page = usePage();
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  // A message for one page (e.g. "Post scheduled" on the posts page after composing).
  const [flash, setFlash] = useState<{ page: Page; text: string } | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  // An app's consent page opened while signed out: back to it, with its request, after signing in.
  const returnTo = useRef(page === 'authorize' ? location.search : undefined);

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
    // An old address (e.g. /dashboard/calendar) is rewritten to the page's own name.
    if (shown !== page || !addressNames(shown)) navigate(shown, { replace: true });
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
            <MainNav current={shown} title={(item) => TITLES[item]} />
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
              if (returnTo.current !== undefined) navigate('authorize', { replace: true, search: returnTo.current });
              returnTo.current = undefined;
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
        {session && shown === 'planner' && <PlannerPage />}
        {session && shown === 'usage' && <UsagePage />}
        {session && shown === 'webhooks' && <WebhooksPage />}
        {session && shown === 'drafts' && <DraftsPage />}
        {session && shown === 'import' && <CsvImportPage />}
        {session && shown === 'queue' && <QueueSettingsPage />}
        {session && shown === 'analytics' && <AnalyticsPage />}
        {session && shown === 'connections' && <ConnectionsPage />}
        {session && shown === 'authorize' && <AuthorizePage />}
        {session && shown === 'audit' && <AuditPage />}
        {session && shown === 'inbox' && <InboxPage postId={new URLSearchParams(location.search).get('post_id') ?? undefined} />}
        {/* Evergreen recycling (docs/api.md, "Evergreen recycling"): its own form below the schedule's. */}
        {session && shown === 'queue' && <RecycleSettings />}
        {session && shown === 'series' && <SeriesPage />}
      </main>
    </>
  );
}
