import type { Page } from 'playwright-core';
import { accountWithLogin, PASSWORD, uniqueEmail } from '../integration/dashboard-client';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';
import { clipArgs, describeWithFfmpeg, videoClips, type Clips } from '../support/video-clips';
import { buildDashboard, launchBrowser, type Browser } from './browser';

/**
 * The compose page's video picker in Chromium (docs/api.md, "Video"): one MP4 with alt text, a
 * poster frame drawn by the browser, upload progress, checked and ready, then a scheduled post
 * that carries the video.
 */
jest.setTimeout(120_000);

describeWithFfmpeg('the dashboard video picker', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let clips: Clips;
  let account: { accountId: string; apiKey: string };
  const email = uniqueEmail('video');

  beforeAll(async () => {
    buildDashboard();
    clips = videoClips();
    service = await startTestService({}, { scheduler: new RecordingScheduler() });
    account = await accountWithLogin(service, email);
    await service.connectProfile(account.accountId, 'bluesky');
    browser = await launchBrowser();
    browser.context.setDefaultTimeout(15_000);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), service?.stop()]);
    clips?.cleanup();
  });

  let signedIn = false;
  const signIn = async () => {
    if (!signedIn) {
      await page.goto(`${service.baseUrl}/dashboard/sign-in`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/dashboard\/keys$/);
      signedIn = true;
    }
    await page.goto(`${service.baseUrl}/dashboard/compose`);
  };

  it('draws a poster frame in the browser, and shows why the service refuses a video that is not H.264', async () => {
    // VP9 in MP4: a codec every Chromium build decodes (the packaged one has no H.264), which the service refuses.
    const bytes = await clips.make('vp9.mp4', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x90:rate=10',
      '-t',
      '1',
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
    ]);
    await signIn();
    await page.locator('.video-picker input[type=file]').setInputFiles({ name: 'vp9.mp4', mimeType: 'video/mp4', buffer: bytes });
    await expect(page.getByTestId('video-poster').getAttribute('src')).resolves.toMatch(/^data:image\/jpeg;base64,/);
    type Natural = { naturalWidth: number; naturalHeight: number };
    const size = await page
      .getByTestId('video-poster')
      .evaluate((image) => [(image as unknown as Natural).naturalWidth, (image as unknown as Natural).naturalHeight]);
    expect(size).toEqual([160, 90]);
    await page.getByRole('button', { name: 'Upload video' }).click();
    await page
      .getByTestId('video-item')
      .getByText(/only H\.264/)
      .waitFor();
    await page.getByRole('button', { name: 'Remove video' }).click();
    await expect(page.getByTestId('video-item').count()).resolves.toBe(0);
  });

  it('attaches one video with alt text: poster frame, upload progress, ready; the scheduled post carries it', async () => {
    const bytes = await clips.make('compose.mp4', clipArgs({ seconds: 2, size: '320x180' }));
    await signIn();
    await page.getByLabel('Post text').fill('A short clip');

    await page.locator('.video-picker input[type=file]').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: bytes });
    const item = page.getByTestId('video-item');
    await expect(item.innerText()).resolves.toContain('Not uploaded yet');
    // Publishing waits for the video.
    await page.getByRole('button', { name: /Publish now|Schedule post/ }).click();
    await expect(page.locator('#video-error').innerText()).resolves.toBe('Upload the video (or remove it) before publishing.');
    await page.getByLabel('Alt text for the video').fill('A test pattern');
    await page.getByRole('button', { name: 'Upload video' }).click();
    await item.getByText('Ready').waitFor();
    await expect(page.getByLabel('Alt text for the video').isDisabled()).resolves.toBe(true);
    // The poster frame: a JPEG the browser drew from the video.
    await expect(page.getByTestId('video-poster').getAttribute('src')).resolves.toMatch(/^data:image\/jpeg;base64,/);

    await page.getByRole('button', { name: /Publish now|Schedule post/ }).click();
    await page.waitForURL(/\/dashboard\/posts/);
    const listed = await service.call('GET', '/posts', { key: account.apiKey });
    expect(listed.json.posts[0].media).toEqual([
      expect.objectContaining({ content_type: 'video/mp4', alt_text: 'A test pattern', width: 320, height: 180, size_bytes: bytes.length }),
    ]);
  });
});
