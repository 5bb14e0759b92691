import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { accountWithLogin, PASSWORD, uniqueEmail } from '../integration/dashboard-client';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';
import { buildDashboard, launchBrowser, SCREENSHOTS, type Browser } from './browser';
import { clickNav } from './nav';

/**
 * Repeats and recycling in a real browser (docs/api.md, "Repeating posts (series)", "Evergreen
 * recycling"): turn recycling on below the queue's schedule, compose a weekly evergreen post with a
 * variation into the queue, open its series from the post and stop it. One page load flow.
 */
jest.setTimeout(120_000);

describe('series and recycling in the dashboard', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let account: { accountId: string; apiKey: string };
  const email = uniqueEmail('series');
  const pageErrors: string[] = [];
  const url = (path: string) => `${service.baseUrl}/dashboard/${path}`;
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `series-${name}.png`), fullPage: true });

  beforeAll(async () => {
    buildDashboard();
    mkdirSync(SCREENSHOTS, { recursive: true });
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' }, { scheduler: new RecordingScheduler() });
    account = await accountWithLogin(service, email);
    await service.connectProfile(account.accountId, 'bluesky');
    await service.call('PUT', '/queue', {
      key: account.apiKey,
      body: { timezone: 'Europe/Berlin', slots: [{ day: 'mon', time: '09:00' }] },
    });
    browser = await launchBrowser();
    browser.context.setDefaultTimeout(15_000);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), service?.stop()]);
    expect(pageErrors).toEqual([]);
  });

  it('recycling on the queue page, a repeating evergreen post from compose, its series view, and stopping it', async () => {
    await page.goto(url('sign-in'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('keys'));

    await clickNav(page, 'Posting queue');
    await page.getByLabel(/queue the evergreen post published longest ago/).check();
    await page.getByLabel(/Never again within/).fill('14');
    await page.getByRole('button', { name: 'Save recycling' }).click();
    await page.getByText('Recycling saved.').waitFor();
    const queue = (await service.call('GET', '/queue', { key: account.apiKey })).json.queue;
    expect([queue.recycle, queue.slots]).toEqual([{ when_empty: true, min_gap_days: 14 }, [{ day: 'mon', time: '09:00' }]]);

    await clickNav(page, 'Compose');
    await page.getByLabel('Post text').fill('Our guide, every week');
    await page.getByLabel(/Add to queue/).check();
    await page.getByLabel('Repeat this post').check();
    await page.getByLabel('Number of posts in all').fill('3');
    await page.getByRole('button', { name: 'Add a variation' }).click();
    await page.getByLabel('Variation 1').fill('The guide, once more');
    await page.getByLabel(/Evergreen/).check();
    await shot('01-compose');
    await page.getByRole('button', { name: 'Add to queue' }).click();
    await page.waitForURL(url('posts'));
    const [post] = (await service.call('GET', '/posts', { key: account.apiKey })).json.posts;
    expect(post).toMatchObject({ content: 'Our guide, every week', status: 'scheduled', evergreen: true, series_id: expect.any(String) });
    const series = (await service.call('GET', `/series/${post.series_id}`, { key: account.apiKey })).json.series;
    expect([series.rule, series.variations]).toEqual([{ every: { weeks: 1 }, count: 3 }, ['The guide, once more']]);

    await page.getByRole('link', { name: 'Part of a series' }).click();
    await page.getByTestId('series').getByText('Every week, 3 posts in all').waitFor();
    await shot('02-series');
    await page.getByText('Stop this series').click();
    await page.getByRole('button', { name: /Stop it/ }).click();
    await page.getByText(/Series stopped/).waitFor();
    expect((await service.call('GET', `/posts/${post.id}`, { key: account.apiKey })).status).toBe(404);
  });
});
