import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { renderBlueskyThread } from '#shared/platforms/bluesky/render';
import { parseLittleText } from '#shared/platforms/linkedin/little-text';
import { accountWithLogin, PASSWORD, uniqueEmail } from '../integration/dashboard-client';
import { eventually } from '../support/eventually';
import { captureLogs, type LogCapture } from '../support/log-capture';
import { registerSecret } from '../support/secret-registry';
import { startTestPds, type TestPds, type TestUser } from '../support/pds';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';
import { clickNav } from './nav';
import { buildDashboard, launchBrowser, SCREENSHOTS, type Browser } from './browser';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { startFakeLinkedIn, type FakeLinkedIn } from '../fakes/fake-linkedin';

/**
 * The dashboard in a real browser against the local service and a real Bluesky PDS: one
 * owner's way through every page, in order. Screenshots land in test-results/dashboard/.
 */
jest.setTimeout(120_000);

describe('the dashboard in Chromium', () => {
  let pds: TestPds;
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let logs: LogCapture;
  let bluesky: TestUser;
  const email = uniqueEmail('browser');
  const secrets: string[] = [PASSWORD];
  let keyValue = '';
  let account: { accountId: string; apiKey: string };
  let editedAt: Date;

  const pageErrors: string[] = [];
  // The steps build on each other: after one fails, the rest fail at once instead of each waiting out its timeouts.
  let broken: string | undefined;
  const step = (name: string, fn: () => Promise<void> | void) =>
    it(name, async () => {
      if (broken) throw new Error(`not run: the step "${broken}" failed`);
      try {
        await fn();
      } catch (error) {
        broken = name;
        throw error;
      }
    });

  /** The datetime-local value of an instant in the browser's zone (Europe/Berlin). */
  const berlinInput = (instant: Date) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Europe/Berlin',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(instant)
        .map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  };
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const url = (path: string) => `${service.baseUrl}/dashboard/${path}`;
  const heading = () => page.locator('h1').innerText();

  beforeAll(async () => {
    buildDashboard();
    mkdirSync(SCREENSHOTS, { recursive: true });
    pds = await startTestPds();
    bluesky = await pds.createUser('browser');
    secrets.push(bluesky.appPassword, bluesky.password);
    linkedin = await startFakeLinkedIn();
    linkedin.organizations.add({ id: '2414183', name: 'Acme Corporation', administrators: ['fake-member'] });
    service = await startTestService(
      { BLUESKY_SERVICE_URL: pds.url, LOG_LEVEL: 'INFO', ...linkedin.settings() },
      { scheduler: new RecordingScheduler() },
    );
    account = await accountWithLogin(service, email);
    browser = await launchBrowser();
    browser.context.setDefaultTimeout(15_000);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    logs = captureLogs();
  });
  afterAll(async () => {
    logs?.restore();
    // Each one stopped even when another fails to: no browser, server or temp folder left behind.
    await Promise.allSettled([browser?.close(), service?.stop(), pds?.stop(), linkedin?.stop()]);
  });

  step('sends a visitor without a session to the sign-in page, and says "wrong email or password" without saying which', async () => {
    await page.goto(`${service.baseUrl}/dashboard/`);
    await page.waitForURL(url('sign-in'));
    expect(await heading()).toBe('Sign in');
    await shot('01-sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Wrong email or password');
    await shot('02-sign-in-wrong-password');
  });

  step('signs in and lands on the keys page', async () => {
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('keys'));
    expect(await heading()).toBe('API keys');
    const cookies = await browser.context.cookies();
    // __Host-: Secure, Path=/, no Domain; kept by the browser on plain http to loopback.
    const session = cookies.find((cookie) => cookie.name === '__Host-sps_session');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    secrets.push(session!.value);
  });

  step('creates a key named "ci" and shows its value once, with a copy button and a warning', async () => {
    await page.getByLabel('Name').fill('ci');
    await page.getByRole('button', { name: 'Create key' }).click();
    const value = page.getByTestId('new-key-value');
    keyValue = (await value.innerText()).trim();
    expect(keyValue).toMatch(/^sk_[\w-]{43}$/);
    secrets.push(keyValue);
    await page.getByText('you will not see this key again').waitFor();
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    await shot('03-keys-new-key');
    const response = await fetch(`${service.baseUrl}/profiles`, { headers: { 'x-api-key': keyValue } });
    expect(response.status).toBe(200);
  });

  step('after a reload the value is gone; the name and prefix remain', async () => {
    await page.reload();
    await page.getByTestId('key-item').first().waitFor();
    expect(await page.getByTestId('new-key-value').count()).toBe(0);
    expect(await page.content()).not.toContain(keyValue);
    const item = page.getByTestId('key-item').filter({ hasText: 'ci' });
    await expect(item.innerText()).resolves.toContain(`${keyValue.slice(0, 7)}…`);
    await shot('04-keys-after-reload');
  });

  step('deletes the key: its value now gets 401 INVALID_API_KEY', async () => {
    await page.getByText('Delete ci', { exact: true }).click();
    await page.getByRole('button', { name: 'Yes, delete ci now' }).click();
    await page.getByTestId('key-item').filter({ hasText: 'ci' }).waitFor({ state: 'detached' });
    const response = await fetch(`${service.baseUrl}/profiles`, { headers: { 'x-api-key': keyValue } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('INVALID_API_KEY');
  });

  step('shows a wrong app password next to its field, then connects Bluesky against the local PDS', async () => {
    await clickNav(page, 'Profiles');
    await page.waitForURL(url('profiles'));
    await page.getByLabel('Handle').fill(bluesky.handle);
    await page.getByLabel('App password').fill('aaaa-bbbb-cccc-dddd');
    await page.getByText('Another server (PDS)').click();
    await page.getByLabel('Server URL').fill(pds.url);
    await page.getByRole('button', { name: 'Connect Bluesky' }).click();
    const fieldError = page.locator('#bluesky-app-password-error');
    await expect(fieldError.innerText()).resolves.toBe('Invalid handle or app password');
    await expect(page.getByLabel('App password').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByLabel('App password').fill(bluesky.appPassword);
    await page.getByRole('button', { name: 'Connect Bluesky' }).click();
    await page.getByTestId('profile-item').filter({ hasText: bluesky.handle }).waitFor();
    await shot('05-profiles-connected');
  });

  step('composes a long post: character count, the server preview per platform as the user types, a customised Bluesky text', async () => {
    await clickNav(page, 'Compose');
    await page.waitForURL(url('compose'));
    const sentence = 'The dashboard shows how Bluesky will split this text into a thread of replies. ';
    const text = sentence.repeat(10).trim();
    await page.getByLabel('Post text').fill(text);
    // The page renders after the input event: wait for the new count rather than read the old one.
    await page.locator('#content-count', { hasText: `${text.length} / 3000 characters` }).waitFor();
    // The preview comes from the server, which runs the publisher's own rendering: the same parts it will post.
    const expected = renderBlueskyThread(text);
    expect(expected.length).toBeGreaterThan(2);
    const parts = page.getByTestId('thread-preview').locator('.thread-text');
    await parts.nth(expected.length - 1).waitFor();
    expect(await parts.allInnerTexts()).toEqual(expected.map((part) => part.text));
    await expect(page.getByTestId('thread-preview').locator('.thread-meta').first().innerText()).resolves.toBe(
      `1/${expected.length} · ${expected[0].graphemes} characters`,
    );
    await expect(page.getByTestId('preview-warnings').innerText()).resolves.toContain(`thread of ${expected.length} posts`);

    // Customising Bluesky starts from the shared text; the preview follows the new text after the debounce.
    await page.getByLabel('Customise for Bluesky').check();
    const own = 'Short for Bluesky: https://example.com #tag';
    await page.getByLabel('Bluesky text').fill(own);
    await page.getByTestId('thread-preview').locator('.thread-text', { hasText: own }).waitFor();
    expect(await parts.allInnerTexts()).toEqual([own]);
    await expect(page.getByTestId('thread-preview').locator('.thread-meta').innerText()).resolves.toBe(
      `1/1 · ${renderBlueskyThread(own)[0].graphemes} characters`,
    );
    // LinkedIn (previewed even before it is connected): the text as LinkedIn will show it, and the escaped length sent.
    const linkedin = page.getByRole('checkbox', { name: /^LinkedIn/ });
    await linkedin.check();
    const shown = page.getByTestId('linkedin-preview');
    await shown.waitFor();
    const commentary = (await import('#shared/platforms/linkedin/render')).renderLinkedInCommentary(text);
    await expect(shown.locator('.thread-meta').innerText()).resolves.toBe(
      `${commentary.characters} of 3000 characters as sent (LinkedIn's reserved characters escaped)`,
    );
    await expect(shown.locator('.thread-text').innerText()).resolves.toBe(parseLittleText(commentary.commentary).text);
    await shot('06-compose-preview');
    await linkedin.uncheck();
    await shown.waitFor({ state: 'detached' });

    // A customised text over 3000 characters: the API's refusal shows beside that text, not beside the post text.
    await page.getByLabel('Bluesky text').fill('b'.repeat(3001));
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.locator('#platform-content-bluesky-error').innerText()).resolves.toBe(
      'Content is 3001 characters long; the maximum is 3000',
    );
    await expect(page.locator('#content-error').count()).resolves.toBe(0);
    await page.getByLabel('Bluesky text').fill(own);

    await page.getByLabel('Schedule').check();
    const times = await page.getByTestId('schedule-times').innerText();
    const [, utc] = /UTC: (\S+Z)$/.exec(times) ?? [];
    expect(new Date(utc).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    // The browser runs in Europe/Berlin: the local time shown differs from the UTC value.
    expect(times).toMatch(/^Local: .*(CET|CEST|GMT\+1|GMT\+2) · UTC: /);
    await shot('06-compose');
  });

  step('shows a refused time next to the schedule field', async () => {
    await page.getByLabel(/Date and time/).fill('2020-01-01T10:00:00');
    await page.getByRole('button', { name: 'Schedule post' }).click();
    await expect(page.locator('#scheduled-for-error').innerText()).resolves.toMatch(/^scheduled_for must be/);
    await shot('07-compose-error');
  });

  step('attaches an image with alt text: thumbnail, upload, checked and ready; refuses a fifth', async () => {
    const { smallJpeg } = await import('../support/images');
    const input = page.locator('.media-picker input[type=file][accept^="image/"]');
    await input.setInputFiles({ name: 'kite.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg(320, 240) });
    const item = page.getByTestId('media-item');
    await expect(item.locator('img').getAttribute('src')).resolves.toMatch(/^blob:/);
    await expect(item.innerText()).resolves.toContain('Not uploaded yet');
    await page.getByLabel('Alt text for image 1').fill('A red kite over a snowy hill');
    // Publishing waits for the image.
    await page.getByRole('button', { name: 'Schedule post' }).click();
    await expect(page.locator('#media-error').innerText()).resolves.toBe('Upload every image (or remove it) before publishing.');
    await page.getByRole('button', { name: 'Upload image 1' }).click();
    await item.getByText('Ready').waitFor();
    await expect(page.getByLabel('Alt text for image 1').isDisabled()).resolves.toBe(true);
    const extra = await Promise.all(
      [1, 2, 3, 4].map(async (index) => ({ name: `extra-${index}.jpg`, mimeType: 'image/jpeg', buffer: await smallJpeg(20 + index, 20) })),
    );
    await input.setInputFiles(extra);
    await expect(page.getByTestId('media-item').count()).resolves.toBe(4);
    await expect(page.locator('#media-error').innerText()).resolves.toBe('A post takes at most 4 images; 1 not added.');
    for (const index of [4, 3, 2]) await page.getByRole('button', { name: `Remove image ${index}` }).click();
    await expect(page.getByTestId('media-item').count()).resolves.toBe(1);
    await shot('07b-compose-image');
  });

  step('schedules the post and lists it as scheduled', async () => {
    const inTwoHours = new Date(Date.now() + 2 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = new Date(inTwoHours.toLocaleString('en-US', { timeZone: 'Europe/Berlin' }));
    await page
      .getByLabel(/Date and time/)
      .fill(
        `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}:00`,
      );
    await page.getByRole('button', { name: 'Schedule post' }).click();
    await page.waitForURL(url('posts'));
    await expect(page.getByRole('status').first().innerText()).resolves.toMatch(/^Post scheduled for /);
    const post = page.getByTestId('post-item');
    await expect(post.innerText()).resolves.toMatch(/Scheduled[\s\S]*The dashboard shows how Bluesky/);
    await expect(post.innerText()).resolves.toMatch(/Bluesky: pending/);
    await expect(page.getByTestId('post-media').innerText()).resolves.toBe('1 image: “A red kite over a snowy hill”');
    await shot('08-posts');
  });

  step('edits the scheduled post in place: a refused edit shows beside its field, then new text and a later time are saved', async () => {
    const item = page.getByTestId('post-item');
    const postId = (await item.getAttribute('data-post-id'))!;
    await item.getByRole('button', { name: 'Edit post' }).click();
    const editor = item.getByRole('form', { name: 'Edit post' });
    await expect(editor.getByLabel('Post text').inputValue()).resolves.toMatch(/^The dashboard shows how Bluesky/);
    await editor.getByLabel('Post text').fill('   ');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await expect(editor.locator(`#edit-${postId}-content-error`).innerText()).resolves.toBe('Missing required field: content');
    await editor.getByLabel('Post text').fill('Edited in the dashboard: the final wording');
    editedAt = new Date(Math.ceil((Date.now() + 3 * 3600_000) / 60_000) * 60_000);
    await editor.getByLabel(/Date and time/).fill(berlinInput(editedAt));
    await expect(editor.getByTestId('schedule-times').innerText()).resolves.toContain(editedAt.toISOString());
    await shot('08-posts-edit');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await item.getByText('Edited in the dashboard: the final wording').waitFor();
    await item.getByRole('button', { name: 'Edit post' }).waitFor();
    const saved = await service.call('GET', `/posts/${postId}`, { key: account.apiKey });
    expect(saved.json.post).toMatchObject({
      content: 'Edited in the dashboard: the final wording',
      scheduled_for: editedAt.toISOString(),
      status: 'scheduled',
    });
    expect(saved.json.post.platform_content).toEqual({ bluesky: 'Short for Bluesky: https://example.com #tag' });
    await shot('08-posts-edited');
  });

  step("shows the post on the planner in the browser's time zone, month and week; it opens in place and works by keyboard", async () => {
    await clickNav(page, 'Planner');
    await page.waitForURL(url('planner'));
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      editedAt,
    );
    const hourMinute = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(editedAt);
    const entry = page.locator(`[data-day="${day}"] button.calendar-post`);
    const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).format(new Date());
    if (!day.startsWith(thisMonth)) await page.getByRole('button', { name: 'Next month' }).click(); // three hours can cross a month's end
    await entry.waitFor();
    await expect(entry.innerText()).resolves.toMatch(new RegExp(`^${hourMinute} Scheduled: Edited in the dashboard`));
    await shot('09-calendar-month');

    // By keyboard: the post opens in place (the address stays), Escape closes it and focus returns to it.
    await entry.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.innerText()).resolves.toContain('Edited in the dashboard: the final wording');
    await dialog.getByRole('button', { name: 'Edit post' }).waitFor();
    expect(page.url()).toBe(url('planner'));
    await shot('09-calendar-open');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.evaluate('document.activeElement.textContent')).resolves.toMatch(/Edited in the dashboard/);

    const week = page.getByRole('button', { name: 'Week', exact: true });
    // By keyboard: Space on the focused button. A re-render between the focus and the key can replace the button (and
    // drop its focus), so the press is made again until the view says Week (pressing Week again keeps Week).
    await eventually(
      async () => {
        if ((await week.getAttribute('aria-pressed')) !== 'true') {
          await week.focus();
          await page.keyboard.press('Space');
        }
        expect(await week.getAttribute('aria-pressed')).toBe('true');
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    const title = await page.getByTestId('calendar-title').innerText();
    if (!(await entry.isVisible())) await page.getByRole('button', { name: 'Next week' }).click(); // the post may fall in next week
    await entry.waitFor();
    await shot('09-calendar-week');
    await page.getByRole('button', { name: 'Next week' }).click();
    await entry.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page.getByTestId('calendar-title').innerText()).resolves.toBe(title);
    await page.getByRole('button', { name: 'Month', exact: true }).click();
  });

  step("shows this month's usage", async () => {
    await clickNav(page, 'Usage');
    await page.waitForURL(url('usage'));
    await page.getByText('1 of 10 posts used').waitFor();
    await expect(page.getByTestId('usage-remaining').innerText()).resolves.toBe('9');
    await shot('09-usage');
  });

  step('deletes the scheduled post', async () => {
    await clickNav(page, 'Posts');
    await page.getByText('Delete post', { exact: true }).click();
    await page.getByRole('button', { name: 'Yes, delete this post' }).click();
    await page.getByText('No posts yet.').waitFor();
  });

  step('retries a failed post from the posts page with corrected text', async () => {
    // A post every platform refused, as the publisher leaves one (nothing publishes in this test).
    const created = await service.call('POST', '/posts', {
      key: account.apiKey,
      body: { content: 'Rejected wording', platforms: ['bluesky'] },
    });
    const postId: string = created.json.post.id;
    const { db, tableName } = await import('#shared/store/client');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { postKey } = await import('#shared/store/posts');
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: postKey(postId),
        UpdateExpression: 'SET #s = :failed, results.bluesky = :result',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':result': {
            status: 'failed',
            url: null,
            platform_post_id: null,
            published_at: null,
            error: { code: 'PLATFORM_REJECTED', message: 'Bluesky refused the text' },
          },
        },
      }),
    );
    await page.goto(url('posts'));
    const item = page.locator(`[data-post-id="${postId}"]`);
    await expect(item.innerText()).resolves.toMatch(/Failed[\s\S]*PLATFORM_REJECTED: Bluesky refused the text/);
    await item.getByRole('button', { name: 'Retry post' }).click();
    const form = item.getByRole('form', { name: 'Retry post' });
    await expect(form.getByTestId('retry-platforms').innerText()).resolves.toBe('Publishes again on Bluesky.');
    await form.getByLabel('Corrected text').fill('Accepted wording');
    await shot('10-posts-retry');
    await form.getByRole('button', { name: 'Retry now' }).click();
    await item.locator('.status', { hasText: 'Publishing' }).waitFor();
    await expect(item.locator('.post-content').innerText()).resolves.toBe('Accepted wording');
    const retried = await service.call('GET', `/posts/${postId}`, { key: account.apiKey });
    expect(retried.json.post).toMatchObject({
      status: 'publishing',
      content: 'Accepted wording',
      results: { bluesky: { status: 'pending', error: null } },
    });
  });

  step(
    'adds a webhook endpoint (its secret shown once), sends a test event, shows the delivery with its response code, rotates the secret, deletes it',
    async () => {
      const receiver = await startWebhookReceiver();
      try {
        await clickNav(page, 'Webhooks');
        await page.waitForURL(url('webhooks'));
        await page.getByLabel('URL').fill('https://10.0.0.1/hook');
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        await expect(page.locator('#webhook-url-error').innerText()).resolves.toMatch(/internal address/);
        await page.getByLabel('URL').fill(receiver.url);
        await page.getByLabel(/profile\.expiring/).uncheck();
        await page.getByLabel('Description (optional)').fill('Browser test');
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        const secret = await page.getByTestId('new-webhook-secret').innerText();
        expect(secret).toMatch(/^whsec_/);
        secrets.push(secret);
        const item = page.getByTestId('webhook-item');
        await expect(item.innerText()).resolves.toMatch(
          /post\.published, post\.partially_published, post\.failed, profile\.needs_reconnect\n/,
        );
        await page.getByRole('button', { name: 'Send test event' }).click();
        await receiver.waitFor(1);
        await page.getByTestId('deliveries').getByText('Delivered').waitFor();
        await expect(page.getByTestId('deliveries').innerText()).resolves.toMatch(/webhook\.test\s+1\s+Delivered\s+200/);
        await shot('10-webhooks');
        // Rotating shows the new secret once; for 24 hours a delivery verifies with either secret.
        await page.getByText('Rotate secret', { exact: true }).click();
        await page.getByRole('button', { name: 'Yes, draw a new signing secret' }).click();
        await page.getByRole('heading', { name: /^New signing secret of / }).waitFor();
        const rotated = await page.getByTestId('new-webhook-secret').innerText();
        expect(rotated).toMatch(/^whsec_/);
        expect(rotated).not.toBe(secret);
        secrets.push(rotated);
        await page.getByRole('button', { name: 'Send test event' }).click();
        await receiver.waitFor(2);
        expect(receiver.verified(rotated, receiver.received.slice(1)).map((event) => event.type)).toEqual(['webhook.test']);
        expect(receiver.verified(secret, receiver.received.slice(1)).map((event) => event.type)).toEqual(['webhook.test']);
        await page.getByText('Delete endpoint', { exact: true }).click();
        await page.getByRole('button', { name: 'Yes, delete this endpoint' }).click();
        await page.getByText('No endpoints yet.').waitFor();
      } finally {
        await receiver.stop();
      }
    },
  );

  step('fits a phone: no page scrolls sideways at 360 px, and every control has a label', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    for (const name of ['keys', 'profiles', 'compose', 'posts', 'planner', 'usage', 'webhooks']) {
      await page.goto(url(name));
      await page.locator('main h1').waitFor();
      await page.waitForLoadState('networkidle');
      // Run in the page (a string: the tests are compiled without the DOM's types).
      const { overflow, unlabelled } = await page.evaluate<{ overflow: number; unlabelled: string[] }>(`({
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        unlabelled: [...document.querySelectorAll('input, textarea, select')]
          .filter((control) => control.labels.length === 0 && !control.getAttribute('aria-label'))
          .map((control) => control.outerHTML),
      })`);
      expect({ name, overflow, unlabelled }).toEqual({ name, overflow: 0, unlabelled: [] });
      await shot(`10-phone-${name}`);
    }
  });

  step('connects LinkedIn as a company page: LinkedIn, then the page picker, then the profile shows the page', async () => {
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.goto(url('profiles'));
    await page.getByLabel(/A company page I administer/).check();
    await page.getByRole('button', { name: 'Connect LinkedIn' }).click();
    // Our start URL, the fake LinkedIn's consent (as its consent user), the callback, back here.
    await page.getByText('LinkedIn is connected.').waitFor();
    const item = page.getByTestId('profile-item').filter({ hasText: 'LinkedIn' });
    await expect(item.getByTestId('profile-author').innerText()).resolves.toBe('No page picked yet');
    await item.getByLabel('Acme Corporation').check();
    await shot('11-linkedin-page-picker');
    await item.getByRole('button', { name: 'Post as this page' }).click();
    await item.getByTestId('profile-author').filter({ hasText: 'Page: Acme Corporation' }).waitFor();
    expect(await item.getByRole('button', { name: 'Post as this page' }).count()).toBe(0);
    linkedin.tokens().forEach((issued) => secrets.push(issued.token));
  });

  step('signs out, and the pages ask for a sign-in again', async () => {
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.goto(url('keys'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(url('sign-in'));
    await page.goto(url('keys'));
    await page.waitForURL(url('sign-in'));
  });

  it('ran without a script error, and never logged a key value, password or session id', () => {
    expect(pageErrors).toEqual([]);
    secrets.forEach(registerSecret);
    const text = logs.text();
    expect(text).toContain('"route":"POST /dashboard/api/keys"');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
