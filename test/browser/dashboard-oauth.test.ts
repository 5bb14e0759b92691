import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { accountWithLogin, PASSWORD, uniqueEmail } from '../integration/dashboard-client';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import { buildDashboard, launchBrowser, SCREENSHOTS, type Browser } from './browser';

/**
 * Connecting an agent with OAuth (docs/api.md, "Connecting an agent with OAuth", "Connections"),
 * as a chat client does it: the MCP TypeScript SDK's own OAuth client (`auth()` with an
 * OAuthClientProvider: discovery, dynamic registration, PKCE, the redirect), the consent page in
 * Chromium (sign in, choose draft, allow), then the SDK's transport with that provider: draft
 * tools only, a draft created, scheduling refused; revoked on the Connected apps page, the next call 401.
 */
jest.setTimeout(120_000);

const REDIRECT = 'http://127.0.0.1:8976/callback';

/** An OAuthClientProvider that keeps everything in memory and hands the authorization URL to the test. */
class MemoryProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Browser test agent',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    };
  }
  clientInformation = () => this.client;
  saveClientInformation = (information: OAuthClientInformationMixed) => void (this.client = information);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => {
    registerSecret(tokens.access_token);
    if (tokens.refresh_token) registerSecret(tokens.refresh_token);
    this.saved = tokens;
  };
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
}

describe('an MCP client connects with OAuth through the dashboard', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  const provider = new MemoryProvider();
  const email = uniqueEmail('oauth-browser');
  let mcp: Client;
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
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `oauth-${name}.png`), fullPage: true });
  const toolAnswer = (result: CallToolResult) => result.structuredContent ?? JSON.parse((result.content[0] as { text: string }).text);

  beforeAll(async () => {
    buildDashboard();
    mkdirSync(SCREENSHOTS, { recursive: true });
    service = await startTestService();
    await accountWithLogin(service, email);
    browser = await launchBrowser();
    browser.context.setDefaultTimeout(15_000);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    // The app's redirect URI: nothing listens there; the browser's arrival is what the test reads.
    await page.route(`${REDIRECT}**`, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'back in the app' }));
  });
  afterAll(async () => {
    await Promise.allSettled([mcp?.close(), browser?.close(), service?.stop()]);
  });

  step('discovers, registers and asks for authorization (the SDK sends the browser to us)', async () => {
    await expect(auth(provider, { serverUrl: `${service.baseUrl}/mcp` })).resolves.toBe('REDIRECT');
    expect(provider.client?.client_id).toMatch(/^spc_/);
    const url = provider.authorizationUrl!;
    expect(`${url.origin}${url.pathname}`).toBe(`${service.baseUrl}/oauth/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(`${service.baseUrl}/mcp`);
  });

  step('signs in on the way, shows the app and where the answer goes, allows draft', async () => {
    await page.goto(provider.authorizationUrl!.toString());
    await page.waitForURL(`${service.baseUrl}/dashboard/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/authorize\?request=/);
    await expect(page.getByTestId('consent-client').innerText()).resolves.toBe('Browser test agent');
    await expect(page.getByTestId('consent-redirect-host').innerText()).resolves.toBe('127.0.0.1:8976');
    await expect(page.getByRole('radio', { name: /^Write/ }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: /admin/i }).count()).resolves.toBe(0);
    await page.getByRole('radio', { name: /^Draft/ }).check();
    await shot('01-consent');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${REDIRECT}?**`);
    const back = new URL(page.url());
    const code = back.searchParams.get('code')!;
    registerSecret(code);
    await expect(auth(provider, { serverUrl: `${service.baseUrl}/mcp`, authorizationCode: code })).resolves.toBe('AUTHORIZED');
    expect(provider.saved?.scope).toBe('draft');
  });

  step('the SDK transport with the provider: draft tools only, a draft created, scheduling refused', async () => {
    mcp = new Client({ name: 'oauth-browser-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`), { authProvider: provider }));
    const names = (await mcp.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('create_post');
    expect(names).not.toContain('schedule_post');
    expect(names).not.toContain('delete_key');
    const created = toolAnswer(
      (await mcp.callTool({
        name: 'create_post',
        arguments: { content: 'Proposed over OAuth', platforms: ['bluesky'], draft: true },
      })) as CallToolResult,
    );
    expect(created.post).toMatchObject({ status: 'draft', created_by: { type: 'oauth_client', client_name: 'Browser test agent' } });
    const scheduled = (await mcp.callTool({ name: 'schedule_post', arguments: { id: created.post.id } })) as CallToolResult;
    expect(scheduled.isError).toBe(true);
    expect(toolAnswer(scheduled)).toMatchObject({ error: 'INSUFFICIENT_SCOPE' });
  });

  step('revoked on the Connected apps page: the next call is 401', async () => {
    await page.goto(`${service.baseUrl}/dashboard/connections`);
    const item = page.getByTestId('connection-item').filter({ hasText: 'Browser test agent' });
    await expect(item.getByTestId('connection-scope').innerText()).resolves.toBe('draft');
    await shot('02-connections');
    await item.getByText('Revoke Browser test agent', { exact: true }).click();
    await item.getByRole('button', { name: 'Yes, revoke Browser test agent now' }).click();
    await page.getByText('Browser test agent can no longer reach your account.').waitFor();
    const answer = await fetch(`${service.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.saved!.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('resource_metadata=');
    // The SDK's client too: its refresh token went with the connection, so it cannot get back in.
    await expect(mcp.listTools()).rejects.toThrow();
  });
});
