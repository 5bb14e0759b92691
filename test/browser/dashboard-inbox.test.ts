import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { accountWithLogin, PASSWORD, uniqueEmail } from '../integration/dashboard-client';
import { startFakeLinkedIn, type FakeLinkedIn } from '../fakes/fake-linkedin';
import { openAuthorizationUrl } from '../support/linkedin-browser';
import { schedulerSettled } from '../support/scheduler-settled';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import { buildDashboard, launchBrowser, SCREENSHOTS, type Browser } from './browser';
import { clickNav } from './nav';

/**
 * The dashboard's inbox in Chromium (issue 40): an agent's draft key proposes a reply to a
 * LinkedIn comment through the API; the account's owner sees it on the Inbox page beside the
 * original post and approves it; the reply goes out once (a comment under the comment on the fake
 * LinkedIn) and the audit trail has both. Screenshot: test-results/dashboard/inbox.png.
 */
jest.setTimeout(90_000);

describe('the dashboard inbox in Chromium', () => {
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let browser: Browser;
  let page: Page;
  const email = uniqueEmail('inbox');
  const pageErrors: string[] = [];

  beforeAll(async () => {
    buildDashboard();
    mkdirSync(SCREENSHOTS, { recursive: true });
    linkedin = await startFakeLinkedIn();
    service = await startTestService({ ...linkedin.settings(), PUBLISH_RETRY_BASE_MS: '1' });
    browser = await launchBrowser();
    browser.context.setDefaultTimeout(15_000);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), service?.stop(), linkedin?.stop()]);
  });

  it("shows an agent's draft reply beside the post; the owner approves it and it goes out once", async () => {
    const { accountId, apiKey } = await accountWithLogin(service, email);
    const call = (method: string, path: string, body?: unknown, key = apiKey) => service.call(method, path, { key, body });
    const started = await call('POST', '/profiles/linkedin/authorize');
    const opened = await openAuthorizationUrl(service.baseUrl, started.json.authorization_url as string);
    const { callbackUrl } = linkedin.approve(opened.linkedInUrl, { sub: 'inbox-owner', name: 'Inbox Owner' });
    expect(
      (await service.call('GET', `/profiles/linkedin/callback${new URL(callbackUrl).search}`, { headers: { cookie: opened.cookie } }))
        .status,
    ).toBe(201);
    const created = await call('POST', '/posts', { content: 'We shipped the inbox', platforms: ['linkedin'] });
    await schedulerSettled();
    const urn = (await call('GET', `/posts/${created.json.post.id as string}`)).json.post.results.linkedin.platform_post_id as string;
    const comment = linkedin.comments.addComment(urn, 'urn:li:person:reader', 'Can agents answer too?');
    expect((await call('POST', '/inbox/refresh')).json).toEqual({ received: 1 });
    const agentKey = (await call('POST', '/keys', { name: 'reply agent', scope: 'draft' })).json.api_key as string;
    registerSecret(agentKey);
    const [item] = (await call('GET', '/inbox')).json.items;
    const drafted = await call(
      'POST',
      `/inbox/${item.id as string}/reply`,
      { content: 'They propose; a person approves.', draft: true },
      agentKey,
    );
    expect(drafted.json.item.reply.status).toBe('draft');

    await page.goto(`${service.baseUrl}/dashboard/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${service.baseUrl}/dashboard/keys`);
    await clickNav(page, 'Inbox');
    await page.waitForURL(`${service.baseUrl}/dashboard/inbox`);
    const card = page.getByTestId('inbox-item').filter({ hasText: 'Can agents answer too?' });
    await card.getByTestId('inbox-post').filter({ hasText: 'We shipped the inbox' }).waitFor();
    expect(await card.getByTestId('inbox-reply').innerText()).toContain('Draft reply: “They propose; a person approves.”');
    await page.screenshot({ path: join(SCREENSHOTS, 'inbox.png'), fullPage: true });
    await card.getByRole('button', { name: 'Approve reply' }).click();
    await card.getByTestId('inbox-reply').filter({ hasText: 'Replied' }).waitFor();
    expect(await card.getByTestId('inbox-status').innerText()).toBe('answered');

    const replies = linkedin.comments.created().filter((one) => one.parentComment === comment.commentUrn);
    expect(replies).toEqual([expect.objectContaining({ text: 'They propose; a person approves.', actor: 'urn:li:person:inbox-owner' })]);
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('#shared/store/client');
    const { auditPartition } = await import('#shared/store/audit-log');
    const { Items } = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': auditPartition(accountId) },
      }),
    );
    expect(
      (Items ?? []).filter((entry) => entry.action === 'inbox.replied').map((entry) => [entry.actor.type, entry.details.status]),
    ).toEqual([
      ['api_key', 'draft'],
      ['dashboard', 'publishing'],
    ]);
    expect(pageErrors).toEqual([]);
  });
});
