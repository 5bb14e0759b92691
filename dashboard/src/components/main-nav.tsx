import { useEffect, useRef, useState } from 'preact/hooks';
import { NAV_GROUPS, groupOf } from '../nav-groups';
import { linkProps, type Page } from '../router';

/**
 * The dashboard's navigation: a real <nav> of disclosure menus, one per group (the disclosure
 * pattern, not an ARIA menu: links stay links and Tab moves through them). A group button says
 * whether its list is open (aria-expanded); Escape closes the open list and puts focus back on
 * its button; a click elsewhere or focus leaving the navigation closes it too. The group holding
 * the current page is marked, in text for screen readers as well as by its underline.
 */
export function MainNav({ current, title }: { current: Page; title: (page: Page) => string }) {
  const [open, setOpen] = useState<string | undefined>();
  const nav = useRef<HTMLElement>(null);
  const currentGroup = groupOf(current)?.id;

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: Event) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(undefined);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    nav.current?.querySelector<HTMLButtonElement>(`#nav-group-${open}`)?.focus();
    setOpen(undefined);
  };
  const onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !nav.current?.contains(next)) setOpen(undefined);
  };

  return (
    <nav aria-label="Dashboard" ref={nav} onKeyDown={onKeyDown} onFocusOut={onFocusOut}>
      <ul class="nav-groups">
        {NAV_GROUPS.map((group) => {
          const expanded = open === group.id;
          return (
            <li key={group.id} class="nav-group" data-group={group.id}>
              <button
                type="button"
                id={`nav-group-${group.id}`}
                class={group.id === currentGroup ? 'nav-group-button current' : 'nav-group-button'}
                aria-expanded={expanded}
                aria-controls={`nav-menu-${group.id}`}
                onClick={() => setOpen(expanded ? undefined : group.id)}
              >
                {group.label}
                {group.id === currentGroup && <span class="visually-hidden"> (current section)</span>}
              </button>
              <ul id={`nav-menu-${group.id}`} class="nav-menu" hidden={!expanded}>
                {group.items.map((item) => {
                  const link = linkProps(item);
                  return (
                    <li key={item}>
                      <a
                        href={link.href}
                        onClick={(event) => {
                          setOpen(undefined);
                          link.onClick(event);
                        }}
                        aria-current={item === current ? 'page' : undefined}
                      >
                        {title(item)}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
