import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { accountWithLogin, PASSWORD, uniqueEmail } from '../integration/dashboard-client';
import { RecordingScheduler } from '../support/recording-scheduler';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import { buildDashboard, launchBrowser, SCREENSHOTS, type Browser } from './browser';
import { clickNav } from './nav';

/**
 * Approval bound to what the person saw (docs/api.md, "Versions and If-Match"), in a real browser:
 * the dashboard shows a draft, the agent edits it through the API, Approve is refused (412) and the
 * page shows the changed text; approving again schedules that version. The Audit trail page then
 * lists who did what.
 */
jest.setTimeout(120_000);

describe('approving the version shown, in Chromium', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  const scheduler = new RecordingScheduler();
  const email = uniqueEmail('approve-version');
  const later = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 2 * 3_600_000); // on the minute, two hours ahead
  const pageErrors: string[] = [];

  beforeAll(async () => {
    buildDashboard();
    mkdirSync(SCREENSHOTS, { recursive: true });
    service = await startTestService({}, { scheduler });
    browser = await launchBrowser();
    browser.context.setDefaultTimeout(15_000);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), service?.stop()]);
  });

  it('shows the changed draft instead of approving it, then approves the new version; the audit page lists it all', async () => {
    const account = await accountWithLogin(service, email);
    await service.connectProfile(account.accountId, 'bluesky');
    const key = await service.call('POST', '/keys', { key: account.apiKey, body: { name: 'writing agent', scope: 'draft' } });
    registerSecret(key.json.api_key);
    const agent = key.json.api_key as string;
    const created = await service.call('POST', '/posts', {
      key: agent,
      body: { content: 'Launch on Monday', platforms: ['bluesky'], draft: true, scheduled_for: later.toISOString() },
    });
    const id = created.json.post.id as string;
    const item = page.locator(`[data-testid="draft-item"][data-post-id="${id}"]`);

    await page.goto(`${service.baseUrl}/dashboard/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${service.baseUrl}/dashboard/keys`);
    await clickNav(page, 'Drafts');
    await item.locator('.post-content', { hasText: 'Launch on Monday' }).waitFor();
    await item.getByRole('button', { name: 'Approve' }).click();

    // The agent changes the draft while the person looks at the old text.
    const edited = await service.call('PATCH', `/posts/${id}`, { key: agent, body: { content: 'Launch on Monday, and buy our coin' } });
    expect(edited.json.post.version).toBe(2);

    await item.getByRole('button', { name: 'Approve and schedule' }).click();
    await item.getByTestId('draft-changed').waitFor();
    await expect(item.getByTestId('draft-changed').innerText()).resolves.toContain('version 2');
    await item.locator('.post-content', { hasText: 'and buy our coin' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'approve-version-01-changed.png'), fullPage: true });
    const refused = (await service.call('GET', `/posts/${id}`, { key: account.apiKey })).json.post;
    expect([refused.status, refused.version]).toEqual(['draft', 2]);
    expect(scheduler.scheduled.has(id)).toBe(false);

    // Approving again approves what is shown now.
    await item.getByRole('button', { name: 'Approve and schedule' }).click();
    await page.getByText('Draft approved: scheduled for').waitFor();
    await item.waitFor({ state: 'detached' });
    const scheduled = (await service.call('GET', `/posts/${id}`, { key: account.apiKey })).json.post;
    expect(scheduled).toMatchObject({ status: 'scheduled', content: 'Launch on Monday, and buy our coin', version: 3 });
    expect(scheduled.scheduled_for).toBe(later.toISOString());
    expect(scheduler.scheduled.get(id)?.toISOString()).toBe(later.toISOString());

    await clickNav(page, 'Audit trail');
    await page.waitForURL(`${service.baseUrl}/dashboard/audit`);
    const rows = page.getByTestId('audit-entries').locator('tbody tr');
    await rows.first().waitFor();
    const actions = await rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-action')));
    expect(actions).toEqual(['post.approved', 'post.edited', 'post.created', 'key.created']);
    await expect(rows.first().innerText()).resolves.toMatch(/Dashboard \(owner\)\s+Post approved\s+post \S+\s+3/);
    await expect(rows.nth(1).innerText()).resolves.toContain('API key “writing agent”');
    await page.screenshot({ path: join(SCREENSHOTS, 'approve-version-02-audit.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
