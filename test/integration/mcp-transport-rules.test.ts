import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fixedClock, useClock } from '#shared/ports/clock';
import { startTestService, type TestService } from '../support/test-service';

/**
 * MCP's transport rules against the local service with a rate limit of 10 (docs/api.md, "MCP"): one
 * count per MCP request, tool calls included (docs/decisions/0163-mcp-counts-once.md); the Origin
 * rule (docs/decisions/0164-mcp-origin-rule.md); one idempotency key replayed across HTTP and MCP
 * (docs/decisions/0162-idempotency-hash-independent-of-the-transport.md). The clock stands still
 * inside one rate-limit window, so no window boundary can reset the count mid-test.
 */
const ALSO_ALLOWED = 'https://agents.example.org';
let service: TestService;

beforeAll(async () => {
  // Two seconds into a window of an hour: every request below lands in the same window.
  useClock(fixedClock(new Date(Math.floor(Date.now() / 3600_000) * 3600_000 + 2_000)));
  service = await startTestService({ RATE_LIMIT_REQUESTS: '10', RATE_LIMIT_WINDOW_SECONDS: '3600', MCP_ALLOWED_ORIGINS: ALSO_ALLOWED });
});
afterAll(async () => {
  await service.stop();
  useClock();
});

/** One MCP message by POST, as any Streamable HTTP client sends it (no initialize needed: the server is stateless). */
async function mcpPost(key: string, message: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(`${service.baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as Record<string, any>) : undefined }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const toolCall = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('MCP: one count per request', () => {
  it('ten tool calls succeed with a limit of 10; the 11th request is 429', async () => {
    const { apiKey } = await service.createAccount();
    for (let index = 1; index <= 10; index += 1) {
      const answer = await mcpPost(apiKey, toolCall(index, 'get_usage'));
      expect([index, answer.status, answer.json?.result?.isError ?? false]).toEqual([index, 200, false]);
      expect(answer.headers.get('x-ratelimit-remaining')).toBe(String(10 - index));
    }
    const eleventh = await mcpPost(apiKey, toolCall(11, 'get_usage'));
    expect(eleventh.status).toBe(429);
    expect(eleventh.json).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED' });
  });

  it("still applies the operation's own scope check to the caller handed over", async () => {
    const { apiKey } = await service.createAccount();
    const created = await service.call('POST', '/keys', { key: apiKey, body: { name: 'reader', scope: 'read' } });
    const answer = await mcpPost(created.json.api_key as string, toolCall(1, 'create_key', { name: 'escalate', scope: 'admin' }));
    expect(answer.status).toBe(200);
    expect(answer.json?.result).toMatchObject({ isError: true, structuredContent: { error: 'INSUFFICIENT_SCOPE' } });
  });
});

describe('MCP: the Origin rule', () => {
  const list = { id: 1, method: 'tools/list' };

  it('answers 403 FORBIDDEN to an Origin that is present and not allowed, before the key counts', async () => {
    const { apiKey } = await service.createAccount();
    const refused = await mcpPost(apiKey, list, { origin: 'http://evil.example.com' });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: 'FORBIDDEN', message: expect.any(String) });
    expect(refused.headers.get('x-request-id')).toBeTruthy();
    expect((await mcpPost(apiKey, list, { origin: 'null' })).status).toBe(403);
    const counted = await mcpPost(apiKey, list);
    expect(counted.headers.get('x-ratelimit-remaining')).toBe('9');
  });

  it("takes no Origin, the service's own and MCP_ALLOWED_ORIGINS'", async () => {
    const { apiKey } = await service.createAccount();
    expect((await mcpPost(apiKey, list)).status).toBe(200);
    expect((await mcpPost(apiKey, list, { origin: new URL(service.baseUrl).origin })).status).toBe(200);
    expect((await mcpPost(apiKey, list, { origin: ALSO_ALLOWED })).status).toBe(200);
    expect((await mcpPost(apiKey, list, { origin: `${ALSO_ALLOWED}:8443` })).status).toBe(403);
  });
});

describe('MCP: idempotency across surfaces', () => {
  it('the same idempotency key through HTTP then MCP create_post replays the same post', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const at = new Date(Date.now() + 3 * 3600_000);
    at.setUTCSeconds(0, 0);
    const fields = { content: 'across surfaces', platforms: ['bluesky'], scheduled_for: at.toISOString() };
    // Written as a person would over HTTP: another field order and spacing than the tool call's compact JSON.
    const overHttp = await service.call('POST', '/posts', {
      key: apiKey,
      rawBody: `{\n  "scheduled_for": "${fields.scheduled_for}",\n  "platforms": ["bluesky"],\n  "content": "across surfaces"\n}`,
      headers: { 'idempotency-key': 'across-1', 'content-type': 'application/json' },
    });
    expect(overHttp.status).toBe(201);

    const transport = new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
    });
    const client = new Client({ name: 'mcp-rules-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const overMcp = (await client.callTool({
        name: 'create_post',
        arguments: { ...fields, idempotency_key: 'across-1' },
      })) as CallToolResult;
      expect(overMcp.isError).toBeFalsy();
      expect(overMcp._meta?.http_status).toBe(201);
      expect(overMcp.structuredContent).toEqual(overHttp.json);
    } finally {
      await client.close();
    }
    const listed = await service.call('GET', '/posts?limit=100', { key: apiKey });
    expect(listed.json.posts).toHaveLength(1);
  });
});
