import { useEffect, useState } from 'preact/hooks';

/**
 * A few lines of history routing: pages live at /dashboard/<page> (the server answers every
 * such path with index.html), links navigate without a reload.
 */
export const BASE = '/dashboard';
export type Page =
  | 'sign-in'
  | 'keys'
  | 'profiles'
  | 'compose'
  | 'posts'
  | 'planner'
  | 'usage'
  | 'webhooks'
  | 'drafts'
  | 'import'
  | 'queue'
  | 'analytics'
  | 'connections'
  | 'authorize'
  | 'audit'
  | 'inbox'
  | 'series';
const PAGES: readonly Page[] = [
  'sign-in',
  'keys',
  'profiles',
  'compose',
  'posts',
  'planner',
  'usage',
  'webhooks',
  'drafts',
  'import',
  'queue',
  'analytics',
  'connections',
  'authorize',
  'audit',
  'inbox',
  'series',
];
/** Pages that were merged into another: their old addresses (bookmarks, links in mail) still open it. */
const MOVED: ReadonlyMap<string, Page> = new Map([
  ['calendar', 'planner'],
  ['queue-calendar', 'planner'],
]);

export function currentPage(): Page | undefined {
  const name = location.pathname.slice(BASE.length).replace(/^\/+|\/+$/g, '');
  return PAGES.find((page) => page === name) ?? MOVED.get(name);
}

/** Whether the address bar names the page under its own name (not an old one or none). */
export const addressNames = (page: Page): boolean => location.pathname.replace(/\/+$/, '') === `${BASE}/${page}`;

const listeners = new Set<() => void>();

/** `search` keeps a query on the new page (the consent page's `?request=`, after signing in). */
export function navigate(page: Page, options: { replace?: boolean; search?: string } = {}): void {
  const url = `${BASE}/${page}${options.search ?? ''}`;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  listeners.forEach((listener) => listener());
}

/** The page in the address bar, kept up to date on navigation and back/forward. */
export function usePage(): Page | undefined {
  const [page, setPage] = useState(currentPage());
  useEffect(() => {
    const update = () => setPage(currentPage());
    listeners.add(update);
    addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      removeEventListener('popstate', update);
    };
  }, []);
  return page;
}

/** A link to a page that navigates in place (and still works as a plain link). */
export function linkProps(page: Page) {
  return {
    href: `${BASE}/${page}`,
    onClick: (event: MouseEvent) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      navigate(page);
    },
  };
}
