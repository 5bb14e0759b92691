import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { accountWithLogin, PASSWORD, uniqueEmail } from '../integration/dashboard-client';
import { registerSecret } from '../support/secret-registry';
import { startTestPds, type TestPds, type TestUser } from '../support/pds';
import { startTestService, type TestService } from '../support/test-service';
import { clickNav } from './nav';
import { buildDashboard, launchBrowser, SCREENSHOTS, type Browser } from './browser';
import { eventually } from '../support/eventually';

/**
 * Drafts in a real browser (docs/api.md, "Drafts"): an agent's draft, proposed through the API
 * with a `draft` key, shows on the Drafts page with the key's name; the owner edits it and
 * approves it; the local scheduler and publisher put it on a real Bluesky PDS, once.
 */
jest.setTimeout(120_000);

describe('the drafts page in Chromium', () => {
  let pds: TestPds;
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let bluesky: TestUser;
  let account: { accountId: string; apiKey: string };
  let agentKey = '';
  const email = uniqueEmail('drafts-browser');
  const drafts: Record<'approved' | 'later' | 'queued' | 'discarded', string> = { approved: '', later: '', queued: '', discarded: '' };
  const later = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 2 * 3_600_000); // on the minute, two hours ahead
  const pageErrors: string[] = [];

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
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `drafts-${name}.png`), fullPage: true });
  const api = (method: string, path: string, key: string, body?: unknown) => service.call(method, path, { key, body });
  const item = (id: string) => page.locator(`[data-testid="draft-item"][data-post-id="${id}"]`);

  beforeAll(async () => {
    buildDashboard();
    mkdirSync(SCREENSHOTS, { recursive: true });
    pds = await startTestPds();
    bluesky = await pds.createUser('drafts');
    [bluesky.appPassword, bluesky.password, PASSWORD].forEach(registerSecret);
    // The local scheduler and publisher (no recording scheduler): an approved draft really goes out.
    service = await startTestService({ BLUESKY_SERVICE_URL: pds.url, PUBLISH_RETRY_BASE_MS: '1' });
    account = await accountWithLogin(service, email);
    const connected = await api('POST', '/profiles/bluesky', account.apiKey, { handle: bluesky.handle, app_password: bluesky.appPassword });
    expect(connected.status).toBe(201);
    const key = await api('POST', '/keys', account.apiKey, { name: 'writing agent', scope: 'draft' });
    expect(key.status).toBe(201);
    agentKey = key.json.api_key;
    registerSecret(agentKey);
    const propose = async (content: string, scheduledFor?: string) => {
      const created = await api('POST', '/posts', agentKey, { content, platforms: ['bluesky'], draft: true, scheduled_for: scheduledFor });
      expect(created.status).toBe(201);
      return created.json.post.id as string;
    };
    drafts.discarded = await propose('A draft nobody wants');
    drafts.queued = await propose('A draft for the queue');
    drafts.later = await propose('A draft for later', later.toISOString());
    drafts.approved = await propose('A draft from the agent');
    browser = await launchBrowser();
    browser.context.setDefaultTimeout(15_000);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), service?.stop(), pds?.stop()]);
  });

  step("lists the agent's drafts with the name of the key that proposed them", async () => {
    await page.goto(`${service.baseUrl}/dashboard/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${service.baseUrl}/dashboard/keys`);
    await clickNav(page, 'Drafts');
    await page.waitForURL(`${service.baseUrl}/dashboard/drafts`);
    await item(drafts.approved).waitFor();
    await expect(page.getByTestId('draft-item').count()).resolves.toBe(4);
    await expect(item(drafts.approved).getByTestId('draft-creator').innerText()).resolves.toBe('API key “writing agent”');
    await expect(item(drafts.approved).innerText()).resolves.toContain('A draft from the agent');
    await shot('01-list');
  });

  step('edits a draft: it stays a draft with the new text', async () => {
    await item(drafts.approved).getByRole('button', { name: 'Edit draft' }).click();
    await item(drafts.approved).getByLabel('Draft text').fill('A draft from the agent, edited by its owner');
    await item(drafts.approved).getByRole('button', { name: 'Save draft' }).click();
    await item(drafts.approved).locator('.post-content', { hasText: 'edited by its owner' }).waitFor();
    const stored = await api('GET', `/posts/${drafts.approved}`, account.apiKey);
    expect(stored.json.post).toMatchObject({ status: 'draft', content: 'A draft from the agent, edited by its owner' });
  });

  step('approves a draft now: it leaves the list and publishes on the PDS exactly once', async () => {
    await item(drafts.approved).getByRole('button', { name: 'Approve' }).click();
    await item(drafts.approved).getByRole('button', { name: 'Approve and publish now' }).click();
    await page.getByText('Draft approved: publishing now.').waitFor();
    await item(drafts.approved).waitFor({ state: 'detached' });
    await shot('02-approved');
    const post: { status: string; results: { bluesky: { platform_post_id: string } } } | undefined = await eventually(
      async () => {
        const answer = (await api('GET', `/posts/${drafts.approved}`, account.apiKey)).json.post;
        expect(answer?.status).not.toBe('publishing');
        return answer;
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(post?.status).toBe('published');
    const records = await pds.listPosts(bluesky.did);
    expect(records).toHaveLength(1);
    expect(records[0].value.text).toBe('A draft from the agent, edited by its owner');
    expect(post?.results.bluesky.platform_post_id).toBe(records[0].uri);
    // Counted when approved, not when proposed.
    expect((await api('GET', '/usage', account.apiKey)).json.usage.used).toBe(1);
  });

  step('approves a draft at its wished time: scheduled for it', async () => {
    await item(drafts.later).getByRole('button', { name: 'Approve' }).click();
    await expect(item(drafts.later).getByRole('radio', { name: 'Schedule' }).isChecked()).resolves.toBe(true);
    await item(drafts.later).getByRole('button', { name: 'Approve and schedule' }).click();
    await page.getByText('Draft approved: scheduled for').waitFor();
    await item(drafts.later).waitFor({ state: 'detached' });
    const stored = await api('GET', `/posts/${drafts.later}`, account.apiKey);
    expect(stored.json.post).toMatchObject({ status: 'scheduled', scheduled_for: later.toISOString() });
  });

  step("approves a draft to the queue: the schedule's first free slot", async () => {
    const queue = await api('PUT', '/queue', account.apiKey, { timezone: 'Europe/Berlin', slots: [{ day: 'wed', time: '10:30' }] });
    expect(queue.status).toBe(200);
    await item(drafts.queued).getByRole('button', { name: 'Approve' }).click();
    await item(drafts.queued)
      .getByLabel(/Add to queue/)
      .check();
    await item(drafts.queued).getByRole('button', { name: 'Approve to queue' }).click();
    await page.getByText('Draft approved: scheduled for').waitFor();
    await item(drafts.queued).waitFor({ state: 'detached' });
    const stored = await api('GET', `/posts/${drafts.queued}`, account.apiKey);
    expect(stored.json.post).toMatchObject({ status: 'scheduled', scheduled_for: queue.json.queue.next_slots[0] });
  });

  step('discards a draft', async () => {
    await item(drafts.discarded).getByText('Discard', { exact: true }).click();
    await item(drafts.discarded).getByRole('button', { name: 'Yes, discard this draft' }).click();
    await page.getByText('Draft discarded.').waitFor();
    await expect(page.getByTestId('draft-item').count()).resolves.toBe(0);
    expect((await api('GET', `/posts/${drafts.discarded}`, account.apiKey)).status).toBe(404);
    await shot('03-empty');
    // Still exactly one record on the PDS: nothing published twice or by mistake.
    expect(await pds.listPosts(bluesky.did)).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });
});
