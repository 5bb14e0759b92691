import type { Page } from './router';

/**
 * The navigation, grouped so that new pages lengthen a menu, not the bar: each group is one
 * top-level button in the header. Adding a page to the navigation is one line in its group
 * (docs/decisions/0320-grouped-navigation.md).
 */
export interface NavGroup {
  /** Stable, used in element ids. */
  id: string;
  label: string;
  items: readonly Page[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  { id: 'publish', label: 'Publish', items: ['compose', 'planner', 'posts', 'drafts', 'queue', 'import'] },
  { id: 'engage', label: 'Engage', items: ['inbox', 'analytics'] },
  { id: 'settings', label: 'Settings', items: ['profiles', 'keys', 'webhooks', 'connections', 'audit', 'usage'] },
];

/** The group holding a page, if the navigation lists it. */
export const groupOf = (page: Page): NavGroup | undefined => NAV_GROUPS.find((group) => group.items.includes(page));
