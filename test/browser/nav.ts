import type { Page } from 'playwright-core';

/**
 * Goes to a dashboard page through the grouped navigation, as a person would: opens the group
 * whose list holds the link (its button says aria-expanded), then follows the link. The group is
 * found from the page, so a test names only the link, e.g. `await clickNav(page, 'Planner')`.
 */
export async function clickNav(page: Page, linkText: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const link = nav.getByRole('link', { name: linkText, exact: true });
  if (!(await link.isVisible())) {
    const group = nav.locator('.nav-group').filter({ has: page.locator('a', { hasText: new RegExp(`^${escape(linkText)}$`) }) });
    await group.locator('button[aria-expanded]').click();
  }
  await link.click();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
