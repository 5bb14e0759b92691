import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { accountWithLogin, PASSWORD, uniqueEmail } from '../integration/dashboard-client';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';
import { clickNav } from './nav';
import { buildDashboard, launchBrowser, SCREENSHOTS, type Browser } from './browser';

/**
 * The CSV import in a real browser (docs/api.md, "Bulk creation"): a 5-row file with one bad row;
 * every row is checked and shown before anything is created, the bad row with its error; after
 * confirming, one batch call creates the other four.
 */
jest.setTimeout(90_000);

/** `YYYY-MM-DD HH:MM` of an instant in Europe/Berlin (the browser's zone, test/browser/browser.ts). */
const berlinLocal = (instant: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
};

describe('the CSV import in Chromium', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let apiKey: string;
  const email = uniqueEmail('csv');
  const pageErrors: string[] = [];
  const dashboardCalls: string[] = [];

  beforeAll(async () => {
    buildDashboard();
    mkdirSync(SCREENSHOTS, { recursive: true });
    service = await startTestService({}, { scheduler: new RecordingScheduler() });
    const account = await accountWithLogin(service, email);
    apiKey = account.apiKey;
    await service.connectProfile(account.accountId, 'bluesky');
    browser = await launchBrowser();
    browser.context.setDefaultTimeout(15_000);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'POST' && path.startsWith('/dashboard/api/posts')) dashboardCalls.push(path);
    });
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), service?.stop()]);
  });

  it('shows every row with its error before creating anything, then creates the four good rows in one batch', async () => {
    await page.goto(`${service.baseUrl}/dashboard/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${service.baseUrl}/dashboard/keys`);
    await clickNav(page, 'Import CSV');
    await page.waitForURL(`${service.baseUrl}/dashboard/import`);
    expect(await page.locator('h1').innerText()).toBe('Import CSV');

    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    inTwoHours.setUTCSeconds(0, 0);
    const inThreeHours = new Date(Date.now() + 3 * 3_600_000);
    inThreeHours.setUTCSeconds(0, 0);
    const csv = [
      'content,platforms,scheduled_for',
      '"Hello, world from the CSV",bluesky,',
      `"Two lines:\nsecond ""quoted"" line",bluesky,${inTwoHours.toISOString()}`,
      'Bad time,bluesky,tomorrow',
      `Local time,Bluesky,${berlinLocal(inThreeHours)}`,
      'Last one,bluesky| bluesky,',
    ].join('\r\n');
    await page.setInputFiles('#csv-file', { name: 'posts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });

    const summary = page.getByTestId('csv-summary');
    await expect(summary.innerText()).resolves.toBe('5 rows: 4 ready, 1 with an error.');
    const rows = page.locator('[data-testid="csv-rows"] tbody tr');
    expect(await rows.evaluateAll((all) => all.map((row) => [row.getAttribute('data-line'), row.getAttribute('data-state')]))).toEqual([
      ['2', 'ready'],
      ['3', 'ready'],
      ['5', 'error'],
      ['6', 'ready'],
      ['7', 'ready'],
    ]);
    // The bad row's own error, as POST /posts would give it.
    await expect(page.locator('tr[data-line="5"] [data-testid="row-error"]').innerText()).resolves.toContain('scheduled_for must be');
    await page.screenshot({ path: join(SCREENSHOTS, 'csv-01-checked.png'), fullPage: true });
    // Nothing created before confirming; the rows were only checked.
    expect((await service.call('GET', '/posts', { key: apiKey })).json.posts).toHaveLength(0);
    expect(dashboardCalls.every((path) => path === '/dashboard/api/posts/preview')).toBe(true);

    await page.getByRole('button', { name: 'Create 4 posts' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'posts created' }).innerText()).resolves.toBe('4 of 4 posts created.');
    await expect(summary.innerText()).resolves.toBe('5 rows: 4 created, 0 refused, 1 with an error.');
    expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-state')))).toEqual([
      'created',
      'created',
      'error',
      'created',
      'created',
    ]);
    await page.screenshot({ path: join(SCREENSHOTS, 'csv-02-created.png'), fullPage: true });
    expect(dashboardCalls.filter((path) => path !== '/dashboard/api/posts/preview')).toEqual(['/dashboard/api/posts/batch']);

    const posts = (await service.call('GET', '/posts?limit=100', { key: apiKey })).json.posts as Array<{
      content: string;
      platforms: string[];
      scheduled_for: string | null;
    }>;
    const byContent = Object.fromEntries(posts.map((post) => [post.content, post]));
    expect(Object.keys(byContent).sort()).toEqual([
      'Hello, world from the CSV',
      'Last one',
      'Local time',
      'Two lines:\nsecond "quoted" line',
    ]);
    expect(byContent['Hello, world from the CSV'].scheduled_for).toBeNull();
    expect(byContent['Two lines:\nsecond "quoted" line'].scheduled_for).toBe(inTwoHours.toISOString());
    expect(byContent['Local time'].scheduled_for).toBe(inThreeHours.toISOString());
    expect(byContent['Last one'].platforms).toEqual(['bluesky']);
    expect((await service.call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(4);
    expect(pageErrors).toEqual([]);
  });
});
