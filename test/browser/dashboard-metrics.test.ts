import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Post } from '#shared/domain/post';
import type { PlatformMetrics } from '#shared/domain/post-metrics';
import { accountWithLogin, PASSWORD, uniqueEmail } from '../integration/dashboard-client';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';
import { clickNav } from './nav';
import { buildDashboard, launchBrowser, SCREENSHOTS, type Browser } from './browser';

/**
 * The dashboard's analytics page in Chromium (issue 30): each published post's figures per
 * platform, the per-day chart drawn as SVG by the page, and a refresh. Three published posts with
 * figures are put in the store directly (no platform needed to show them). The screenshot lands
 * in test-results/dashboard/metrics-analytics.png.
 */
jest.setTimeout(90_000);

const DAY_MS = 24 * 60 * 60_000;

describe('the dashboard analytics page in Chromium', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  const email = uniqueEmail('metrics');
  const pageErrors: string[] = [];
  let account: { accountId: string };
  const today = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 9 * 60 * 60_000);
  const figures = (likes: number, reposts: number, replies: number, quotes: number): PlatformMetrics => ({
    likes,
    reposts,
    replies,
    quotes,
    impressions: null,
    collected_at: new Date().toISOString(),
  });

  /** A post published `daysAgo` days ago on Bluesky, with its figures recorded as a collection would. */
  async function seedPost(accountId: string, content: string, daysAgo: number, metrics: PlatformMetrics): Promise<Post> {
    const { putNewPostItem, writeTransaction } = await import('#shared/store/posts');
    const { putAnalyticsEntry, recordPostMetrics } = await import('#shared/store/post-metrics');
    const at = new Date(today.getTime() - daysAgo * DAY_MS).toISOString();
    const id = randomUUID();
    const post: Post = {
      id,
      account_id: accountId,
      content,
      platforms: ['bluesky'],
      status: 'published',
      scheduled_for: null,
      created_at: at,
      published_at: at,
      post_time: at,
      results: {
        bluesky: {
          status: 'published',
          url: `https://bsky.app/profile/someone.test/post/${id.slice(0, 8)}`,
          platform_post_id: `at://did:plc:test/app.bsky.feed.post/${id.slice(0, 8)}`,
          published_at: at,
          error: null,
        },
      },
    };
    await writeTransaction([putNewPostItem(post)]);
    const day = at.slice(0, 10);
    await putAnalyticsEntry(accountId, { post_id: id, day, platforms: ['bluesky'] });
    await recordPostMetrics(post, { bluesky: metrics }, { post_id: id, day, platforms: ['bluesky'], metrics: { bluesky: metrics } });
    return post;
  }

  beforeAll(async () => {
    buildDashboard();
    mkdirSync(SCREENSHOTS, { recursive: true });
    service = await startTestService({}, { scheduler: new RecordingScheduler() });
    account = await accountWithLogin(service, email);
    // Its links went out tracked: 6 clicks (docs/api.md, "Tracked links").
    await seedPost(account.accountId, 'Launch day: v2 is out', 0, { ...figures(7, 2, 3, 1), clicks: 6 });
    await seedPost(account.accountId, 'Behind the scenes of v2', 0, figures(5, 1, 0, 0));
    await seedPost(account.accountId, 'Teaser: something is coming', 3, figures(4, 0, 1, 0));
    browser = await launchBrowser();
    browser.context.setDefaultTimeout(15_000);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), service?.stop()]);
  });

  it("shows each post's figures and a per-day chart drawn as SVG, and refreshes a post's figures", async () => {
    await page.goto(`${service.baseUrl}/dashboard/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${service.baseUrl}/dashboard/keys`);
    await clickNav(page, 'Analytics');
    await page.waitForURL(`${service.baseUrl}/dashboard/analytics`);
    expect(await page.locator('h1').innerText()).toBe('Analytics');

    // The chart: one bar group per day of the last 30, today's stacked to 25 (12 likes, 3 reposts, 3 replies, 1 quote, 6 clicks).
    const chart = page.getByTestId('analytics-chart');
    await chart.waitFor();
    const date = (daysAgo: number) => new Date(today.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);
    expect(await chart.locator('g[data-date]').count()).toBe(30);
    expect(await chart.locator(`g[data-date="${date(0)}"]`).getAttribute('data-total')).toBe('25');
    expect(await chart.locator(`g[data-date="${date(3)}"]`).getAttribute('data-total')).toBe('5');
    expect(await chart.locator(`g[data-date="${date(0)}"] rect`).count()).toBe(5);
    expect(await chart.locator(`g[data-date="${date(3)}"] rect`).count()).toBe(2);
    const box = await chart.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(await chart.getAttribute('aria-label')).toContain(`${date(0)} 25`);
    // The same figures as a table.
    const rows = page.getByTestId('analytics-days').locator('tbody tr');
    expect(await rows.allInnerTexts()).toEqual([`${date(3)}\t1\t4\t0\t1\t0\t–\t0`, `${date(0)}\t2\t12\t3\t3\t1\t–\t6`]);

    // Each post's figures, per platform.
    const launch = page.getByTestId('post-figures').filter({ hasText: 'Launch day' });
    expect(await launch.locator('[data-platform="bluesky"] dd').innerText()).toBe(
      '7 likes · 2 reposts · 3 replies · 1 quotes · – impressions · 6 clicks',
    );
    expect(await page.getByTestId('post-figures').count()).toBe(3);
    await page.screenshot({ path: join(SCREENSHOTS, 'metrics-analytics.png'), fullPage: true });

    await launch.getByRole('button', { name: 'Refresh figures' }).click();
    await page.getByText('Reading the figures again').waitFor();
    await launch.getByRole('button', { name: 'Refresh figures' }).click();
    await page.getByText('at most once per 5 minutes').waitFor();

    // Link tracking for new posts, switched on from the same page (PUT /settings).
    const tracking = page.getByTestId('track-links-settings');
    await tracking.getByLabel('Track links of new posts by default').check();
    await tracking.getByText('Saved.').waitFor();
    const { getAccountSettings } = await import('#shared/store/account-settings');
    expect(await getAccountSettings(account.accountId)).toEqual({ track_links: true, utm_campaign: null });
    expect(pageErrors).toEqual([]);
  });
});
