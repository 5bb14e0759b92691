import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { zonedInstant } from '#shared/domain/queue-schedule';
import { accountWithLogin, PASSWORD, uniqueEmail } from '../integration/dashboard-client';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';
import { clickNav } from './nav';
import { buildDashboard, launchBrowser, SCREENSHOTS, type Browser } from './browser';

/**
 * The posting queue in a real browser (docs/api.md, "Posting queue"): set a schedule on the week
 * grid, add a post to the queue from compose, drag it to the next day on the planner, and
 * see a refused move snap back with the API's error. The browser runs in Europe/Berlin.
 */
jest.setTimeout(120_000);

const berlinParts = (instant: Date) =>
  Object.fromEntries(
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
/** The calendar's day key (local date in Berlin) of an instant. */
const berlinDay = (instant: Date) => {
  const parts = berlinParts(instant);
  return `${parts.year}-${parts.month}-${parts.day}`;
};
/** The same Berlin wall-clock time `days` later. */
const berlinDaysLater = (instant: Date, days: number): Date => {
  const parts = berlinParts(instant);
  const date = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) + days));
  const moved = zonedInstant('Europe/Berlin', {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  });
  if (!moved) throw new Error('no such time');
  return moved;
};

describe('the posting queue in the dashboard', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let account: { accountId: string; apiKey: string };
  const email = uniqueEmail('queue');
  const pageErrors: string[] = [];
  let queuedId = '';
  let queuedAt: Date;
  let movedAt: Date;

  let broken: string | undefined;
  const step = (name: string, fn: () => Promise<void>) =>
    it(name, async () => {
      if (broken) throw new Error(`not run: the step "${broken}" failed`);
      try {
        await fn();
      } catch (error) {
        broken = name;
        throw error;
      }
    });
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `queue-${name}.png`), fullPage: true });
  const url = (path: string) => `${service.baseUrl}/dashboard/${path}`;
  const getPost = async (id: string) => (await service.call('GET', `/posts/${id}`, { key: account.apiKey })).json.post;

  beforeAll(async () => {
    buildDashboard();
    mkdirSync(SCREENSHOTS, { recursive: true });
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' }, { scheduler: new RecordingScheduler() });
    account = await accountWithLogin(service, email);
    await service.connectProfile(account.accountId, 'linkedin');
    await service.connectProfile(account.accountId, 'bluesky');
    browser = await launchBrowser();
    browser.context.setDefaultTimeout(15_000);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), service?.stop()]);
    expect(pageErrors).toEqual([]);
  });

  step('signs in', async () => {
    await page.goto(url('sign-in'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('keys'));
  });

  step('sets a schedule on the week grid: Monday and Tuesday 09:00 in Europe/Berlin', async () => {
    await clickNav(page, 'Posting queue');
    await page.waitForURL(url('queue'));
    await expect(page.getByLabel('Time zone').inputValue()).resolves.toBe('Europe/Berlin');
    for (const day of ['mon', 'tue']) {
      await page.locator('#queue-day').selectOption(day);
      await page.locator('#queue-time').fill('09:00');
      await page.getByRole('button', { name: 'Add slot' }).click();
    }
    await expect(page.locator('.week-day[data-day="mon"] .slot').innerText()).resolves.toContain('09:00');
    await expect(page.locator('.week-day[data-day="tue"] .slot').innerText()).resolves.toContain('09:00');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText('Posting schedule saved.').waitFor();
    await page.getByTestId('next-slots').waitFor();
    await shot('01-schedule');
    const queue = (await service.call('GET', '/queue', { key: account.apiKey })).json.queue;
    expect(queue.timezone).toBe('Europe/Berlin');
    expect(queue.slots).toEqual([
      { day: 'mon', time: '09:00' },
      { day: 'tue', time: '09:00' },
    ]);
    queuedAt = new Date(queue.next_slots[0] as string);
    expect(berlinParts(queuedAt)).toMatchObject({ hour: '09', minute: '00' });
    expect(await page.getByTestId('next-slots').locator('li').count()).toBe(10);
  });

  step('adds a post to the queue from compose: it takes the first free slot', async () => {
    await clickNav(page, 'Compose');
    await page.getByLabel('Post text').fill('Queued from the dashboard');
    await page.getByLabel(/Add to queue/).check();
    await page.getByRole('button', { name: 'Add to queue' }).click();
    await page.waitForURL(url('posts'));
    await page.getByText(/Post scheduled for/).waitFor();
    await shot('02-queued');
    const list = (await service.call('GET', '/posts', { key: account.apiKey })).json.posts;
    expect(list).toHaveLength(1);
    queuedId = list[0].id as string;
    expect(list[0]).toMatchObject({ status: 'scheduled', scheduled_for: queuedAt.toISOString() });
    expect([...(list[0].platforms as string[])].sort()).toEqual(['bluesky', 'linkedin']);
  });

  step('drags the post to the next day on the planner and sees it rescheduled', async () => {
    await clickNav(page, 'Planner');
    await page.waitForURL(url('planner'));
    const post = page.locator(`.planner-entry[data-post-id="${queuedId}"]`);
    await page.locator('.calendar-days').waitFor(); // the scheduled posts are loaded
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    // Forward to the week holding the post (it is at most a week and a day ahead).
    for (let week = 0; week < 3 && !(await post.count()); week += 1) {
      await page.getByRole('button', { name: 'Next week' }).click();
    }
    await expect(page.locator(`.day[data-day="${berlinDay(queuedAt)}"] [data-post-id="${queuedId}"]`).count()).resolves.toBe(1);
    movedAt = berlinDaysLater(queuedAt, 1);
    // A Monday or Tuesday slot: the next day is in the same week.
    await post.dragTo(page.locator(`.day[data-day="${berlinDay(movedAt)}"] h3`));
    await page.getByText(/Post moved to/).waitFor();
    await expect(page.locator(`.day[data-day="${berlinDay(movedAt)}"] [data-post-id="${queuedId}"]`).count()).resolves.toBe(1);
    await shot('03-moved');
    expect((await getPost(queuedId)).scheduled_for).toBe(movedAt.toISOString());
  });

  step('a move the API refuses snaps back, with the error shown', async () => {
    // Another LinkedIn post 30 s after the post's old time: moving back there breaks the 60 s spacing.
    const blocker = await service.call('POST', '/posts', {
      key: account.apiKey,
      body: { content: 'by API', platforms: ['linkedin'], scheduled_for: new Date(queuedAt.getTime() + 30_000).toISOString() },
    });
    expect(blocker.status).toBe(201);
    await page.locator(`.planner-entry[data-post-id="${queuedId}"]`).dragTo(page.locator(`.day[data-day="${berlinDay(queuedAt)}"] h3`));
    await expect(page.getByRole('alert').first().innerText()).resolves.toMatch(/^The post was not moved: .*60 seconds/);
    await expect(page.locator(`.day[data-day="${berlinDay(movedAt)}"] [data-post-id="${queuedId}"]`).count()).resolves.toBe(1);
    await shot('04-refused');
    expect((await getPost(queuedId)).scheduled_for).toBe(movedAt.toISOString());
  });
});
