import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { routes } from '#shared/http/routes';
import { ApiError, createSocialPostingClient, orThrow, type ErrorBodyOf } from '../../client/src';
import { startNpmStart, type NpmStartChild } from '../support/npm-start-child';
import { startTestPds, type TestPds } from '../support/pds';

/**
 * The MCP server (docs/api.md, "MCP") and the typed client (client/) against `npm start` as a
 * child process: one child (and one Bluesky PDS, so that posts can be created) for the whole file.
 * Every MCP call goes through the official SDK client or the Inspector's CLI, every HTTP call over
 * the wire.
 */
const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const INSPECTOR = join(ROOT, 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build', 'index.js');

let child: NpmStartChild;
let pds: TestPds;
const keys: Record<'read' | 'draft' | 'write' | 'admin', string> = { read: '', draft: '', write: '', admin: '' };

const toolName = (operation: string) => operation.replace(/-/g, '_');
const apiKeyOperations = routes.filter((route) => route.auth === 'api-key' && route.operation !== 'mcp');

async function http(method: string, path: string, key: string | undefined, body?: unknown) {
  const response = await fetch(`${child.baseUrl}${path}`, {
    method,
    headers: { ...(key ? { 'x-api-key': key } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as Record<string, any>) : undefined }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** An SDK client connected (initialize done) with the key as a Bearer token; `seen` keeps each HTTP answer. */
async function mcpClient(key: string, header: 'bearer' | 'x-api-key' = 'bearer') {
  const seen: { status: number; requestId: string | null }[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(`${child.baseUrl}/mcp`), {
    requestInit: { headers: header === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key } },
    fetch: async (url, init) => {
      const response = await fetch(url, init);
      seen.push({ status: response.status, requestId: response.headers.get('x-request-id') });
      return response;
    },
  });
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, seen };
}

const inTwoHours = () => {
  const at = new Date(Date.now() + 2 * 3600_000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
};

beforeAll(async () => {
  pds = await startTestPds();
  try {
    child = await startNpmStart({ BLUESKY_SERVICE_URL: pds.url, LOG_LEVEL: 'INFO', RATE_LIMIT_REQUESTS: '1000' });
  } catch (error) {
    await pds.stop();
    throw error;
  }
  keys.admin = child.demoKey;
  for (const scope of ['read', 'draft', 'write'] as const) {
    const created = await http('POST', '/keys', keys.admin, { name: `${scope} agent`, scope });
    keys[scope] = created.json?.api_key as string;
  }
  const alice = await pds.createUser('alice');
  // Connected through MCP: the tool of POST /profiles/bluesky.
  const { client } = await mcpClient(keys.admin);
  const connected = (await client.callTool({
    name: 'connect_bluesky',
    arguments: { handle: alice.handle, app_password: alice.appPassword },
  })) as CallToolResult;
  expect([connected.isError, connected._meta?.http_status]).toEqual([undefined, 201]);
  await client.close();
}, 120_000);

afterAll(async () => {
  await child?.stop();
  await pds?.stop();
});

describe('the MCP server at POST /mcp (npm start)', () => {
  it('initializes as a stateless tools server', async () => {
    const { client, seen } = await mcpClient(keys.read);
    expect(client.getServerVersion()).toMatchObject({ name: 'social-posting' });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toContain('preview_post');
    // initialize, then notifications/initialized (202, no body).
    expect(seen.map((answer) => answer.status)).toEqual([200, 202]);
    await client.close();
  });

  it('lists no mutating tool to a read key, and one tool per public operation to an admin key', async () => {
    const { client: reader } = await mcpClient(keys.read);
    const { tools: readTools } = await reader.listTools();
    expect(readTools.filter((tool) => tool.annotations?.readOnlyHint !== true).map((tool) => tool.name)).toEqual([]);
    const readable = apiKeyOperations.filter((route) => route.scope === 'read').map((route) => toolName(route.operation));
    expect(readTools.map((tool) => tool.name).sort()).toEqual(readable.sort());
    expect(readTools.map((tool) => tool.name)).toContain('preview_post');

    const { client: admin } = await mcpClient(keys.admin, 'x-api-key');
    const { tools } = await admin.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(apiKeyOperations.map((route) => toolName(route.operation)).sort());
    expect(tools.map((tool) => tool.name)).not.toContain('mcp');
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('delete_post')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(byName.get('create_post')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(byName.get('create_post')?.inputSchema).toMatchObject({
      required: ['content', 'platforms'],
      properties: { idempotency_key: { type: 'string' }, content: { type: 'string' }, platforms: { type: 'array' } },
    });
    expect(byName.get('get_post')?.inputSchema).toMatchObject({ required: ['id'], properties: { id: { format: 'uuid' } } });

    const { client: drafter } = await mcpClient(keys.draft);
    const draftNames = (await drafter.listTools()).tools.map((tool) => tool.name);
    expect(draftNames).toEqual(expect.arrayContaining(['create_post', 'edit_post', 'delete_post', 'create_media']));
    expect(draftNames).not.toContain('retry_post');
    expect(draftNames).not.toContain('create_key');
    await Promise.all([reader.close(), admin.close(), drafter.close()]);
  });

  it('returns from preview_post exactly what POST /posts/preview returns, logged under the MCP request id', async () => {
    const body = { content: 'Hello #agents https://example.com', platforms: ['linkedin', 'bluesky'] };
    const overHttp = await http('POST', '/posts/preview', keys.read, body);
    expect(overHttp.status).toBe(200);
    const { client, seen } = await mcpClient(keys.read);
    const result = (await client.callTool({ name: 'preview_post', arguments: body })) as CallToolResult;
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual(overHttp.json);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(overHttp.json);
    // The operation ran its own route handler: its request log line carries the MCP request's id.
    const requestId = seen.at(-1)?.requestId;
    expect(requestId).toEqual(expect.any(String));
    const lines = child
      .output()
      .split('\n')
      .filter((line) => line.includes(`"${requestId}"`))
      .map((line) => JSON.parse(line) as { route?: string; message?: string; status?: number });
    expect(lines.filter((line) => line.message === 'request').map((line) => `${line.route} ${line.status}`)).toEqual([
      'POST /posts/preview 200',
      'POST /mcp 200',
    ]);
    await client.close();
  });

  it('creates one post for two create_post calls with the same idempotency_key', async () => {
    const { client } = await mcpClient(keys.write);
    const args = { content: 'Proposed by an agent', platforms: ['bluesky'], scheduled_for: inTwoHours(), idempotency_key: 'mcp-create-1' };
    const first = (await client.callTool({ name: 'create_post', arguments: args })) as CallToolResult;
    const second = (await client.callTool({ name: 'create_post', arguments: args })) as CallToolResult;
    expect([first.isError, first._meta?.http_status, second._meta?.http_status]).toEqual([undefined, 201, 201]);
    const post = (first.structuredContent as { post: { id: string; status: string } }).post;
    expect(post.status).toBe('scheduled');
    expect(second.structuredContent).toEqual(first.structuredContent);
    const listed = await http('GET', '/posts', keys.read);
    expect((listed.json?.posts as { id: string; content: string }[]).filter((p) => p.content === args.content).map((p) => p.id)).toEqual([
      post.id,
    ]);
    const reused = (await client.callTool({ name: 'create_post', arguments: { ...args, content: 'Another text' } })) as CallToolResult;
    expect([reused.isError, (reused.structuredContent as { error: string }).error]).toEqual([true, 'IDEMPOTENCY_KEY_REUSED']);
    await client.close();
  });

  it('answers a draft key calling a write tool with isError INSUFFICIENT_SCOPE, and bad arguments with the API error', async () => {
    const created = await http('POST', '/posts', keys.write, { content: 'Retry me', platforms: ['bluesky'], scheduled_for: inTwoHours() });
    const { client } = await mcpClient(keys.draft);
    const refused = (await client.callTool({ name: 'retry_post', arguments: { id: created.json?.post.id } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toEqual({ error: 'INSUFFICIENT_SCOPE', message: expect.any(String), required_scope: 'write' });
    expect(refused._meta?.http_status).toBe(403);
    // The agent's own draft: creating it is the draft key's right, scheduling it (publishing) is not.
    const proposed = (await client.callTool({
      name: 'create_post',
      arguments: { content: 'Proposed by the agent', platforms: ['bluesky'], draft: true },
    })) as CallToolResult;
    expect(proposed.isError).toBeFalsy();
    const draftId = (proposed.structuredContent as { post: { id: string; status: string } }).post.id;
    const schedule = (await client.callTool({ name: 'schedule_post', arguments: { id: draftId, scheduled_for: null } })) as CallToolResult;
    expect(schedule.isError).toBe(true);
    expect(schedule.structuredContent).toEqual({ error: 'INSUFFICIENT_SCOPE', message: expect.any(String), required_scope: 'write' });
    const badId = (await client.callTool({ name: 'get_post', arguments: { id: 'nope' } })) as CallToolResult;
    expect([badId.isError, (badId.structuredContent as { error: string }).error]).toEqual([true, 'INVALID_ID']);
    const missing = (await client.callTool({ name: 'preview_post', arguments: { platforms: ['bluesky'] } })) as CallToolResult;
    expect(missing.structuredContent).toEqual({ error: 'MISSING_REQUIRED_FIELD', message: expect.any(String), field: 'content' });
    const unknown = (await client.callTool({ name: 'get_usage', arguments: { month: '2026-11' } })) as CallToolResult;
    expect(unknown.structuredContent).toEqual({ error: 'INVALID_FIELD', message: expect.any(String), field: 'month' });
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
    await client.close();
  });

  it('answers a missing or bad key with HTTP 401 and the API error body; GET and DELETE with 405', async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const post = (headers: Record<string, string>) =>
      fetch(`${child.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(message),
      });
    const missing = await post({});
    expect([missing.status, await missing.json()]).toEqual([401, { error: 'MISSING_API_KEY', message: expect.any(String) }]);
    const bad = await post({ authorization: `Bearer sk_${'x'.repeat(43)}` });
    expect([bad.status, await bad.json()]).toEqual([401, { error: 'INVALID_API_KEY', message: expect.any(String) }]);
    const basic = await post({ authorization: `Basic ${keys.read}` });
    expect([basic.status, ((await basic.json()) as { error: string }).error]).toEqual([401, 'MISSING_API_KEY']);
    const ok = await post({ authorization: `Bearer ${keys.read}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(await ok.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: { tools: expect.any(Array) } });
    // Under the key's rate limit: each MCP request counts once, a tool call included (docs/decisions/0163-mcp-counts-once.md).
    const remaining = (response: Response) => Number(response.headers.get('x-ratelimit-remaining'));
    const call = await fetch(`${child.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.read}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_usage', arguments: {} } }),
    });
    expect([call.status, ((await call.json()) as { result: { _meta: unknown } }).result._meta]).toEqual([200, { http_status: 200 }]);
    const after = await post({ authorization: `Bearer ${keys.read}` });
    expect([remaining(call), remaining(after)]).toEqual([remaining(ok) - 1, remaining(ok) - 2]);
    // Bearer is the MCP endpoint's alone: other routes read x-api-key only.
    expect((await fetch(`${child.baseUrl}/usage`, { headers: { authorization: `Bearer ${keys.read}` } })).status).toBe(401);

    const transport = new StreamableHTTPClientTransport(new URL(`${child.baseUrl}/mcp`));
    await expect(new Client({ name: 'keyless', version: '1.0.0' }).connect(transport)).rejects.toThrow(/401|MISSING_API_KEY/);
    for (const method of ['GET', 'DELETE']) {
      const refused = await fetch(`${child.baseUrl}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      expect([refused.status, refused.headers.get('allow'), ((await refused.json()) as { jsonrpc: string }).jsonrpc]).toEqual([
        405,
        'POST',
        '2.0',
      ]);
    }
  });

  it('serves the MCP Inspector CLI: tools/list and tools/call', async () => {
    const inspect = async (...args: string[]) => {
      // Its own folder as the working directory: the CLI looks for `../package.json` from there (version 1.0.3).
      const { stdout } = await run(
        process.execPath,
        [INSPECTOR, `${child.baseUrl}/mcp`, '--transport', 'http', '--header', `Authorization: Bearer ${keys.read}`, ...args],
        { cwd: dirname(INSPECTOR), timeout: 30_000 },
      ).catch((error: { stderr?: string; code?: number }) => {
        // Not the error itself: its message holds the command line, and so the key.
        throw new Error(`inspector CLI failed (${error.code}): ${error.stderr?.replaceAll(keys.read, 'sk_…')}`);
      });
      return JSON.parse(stdout) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const listed = await inspect('--method', 'tools/list');
    const names = (listed.tools as { name: string }[]).map((tool) => tool.name);
    expect(names).toContain('preview_post');
    expect(names).not.toContain('create_post');
    const called = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'preview_post',
      '--tool-arg',
      'content=Hi from the inspector',
      'platforms=["bluesky"]',
    );
    const overHttp = await http('POST', '/posts/preview', keys.read, { content: 'Hi from the inspector', platforms: ['bluesky'] });
    expect(called.structuredContent).toEqual(overHttp.json);
  }, 60_000);
});

describe('the typed client (client/) against npm start', () => {
  const client = () => createSocialPostingClient({ baseUrl: child.baseUrl, apiKey: keys.write });

  it('creates, lists, previews, edits and deletes a post', async () => {
    const api = client();
    const preview = await orThrow(api.POST('/posts/preview', { body: { content: 'Typed #client', platforms: ['bluesky'] } }));
    expect(preview.preview.bluesky?.posts).toEqual([expect.objectContaining({ text: 'Typed #client', graphemes: 13 })]);
    const scheduledFor = inTwoHours();
    const body = { content: 'Typed #client', platforms: ['bluesky' as const], scheduled_for: scheduledFor };
    const created = await orThrow(api.POST('/posts', { body, idempotencyKey: 'typed-npm-start-1' }));
    expect(created.post).toMatchObject({ content: 'Typed #client', status: 'scheduled', scheduled_for: scheduledFor });
    const replayed = await orThrow(api.POST('/posts', { body, idempotencyKey: 'typed-npm-start-1' }));
    expect(replayed.post.id).toBe(created.post.id);
    const page = await orThrow(api.GET('/posts', { params: { query: { status: 'scheduled', limit: 100 } } }));
    expect(page.posts.map((post) => post.id)).toContain(created.post.id);
    const edited = await orThrow(
      api.PATCH('/posts/{id}', {
        params: { path: { id: created.post.id } },
        body: { content: 'Edited #client' },
        idempotencyKey: 'typed-edit',
      }),
    );
    expect(edited.post).toMatchObject({ id: created.post.id, content: 'Edited #client', scheduled_for: scheduledFor });
    const deleted = await api.DELETE('/posts/{id}', { params: { path: { id: created.post.id } } });
    expect([deleted.response.status, deleted.error]).toEqual([204, undefined]);
    const gone = await api.GET('/posts/{id}', { params: { path: { id: created.post.id } } });
    expect([gone.error?.status, gone.error?.code]).toEqual([404, 'POST_NOT_FOUND']);
  });

  it('types PLATFORMS_NOT_CONNECTED with its missing_platforms', async () => {
    const { error, response } = await client().POST('/posts', {
      body: { content: 'Everywhere', platforms: ['linkedin', 'bluesky'], scheduled_for: inTwoHours() },
    });
    expect(error).toBeInstanceOf(ApiError);
    if (error?.code !== 'PLATFORMS_NOT_CONNECTED') throw new Error(`expected PLATFORMS_NOT_CONNECTED, got ${error?.code}`);
    const body: ErrorBodyOf<'PLATFORMS_NOT_CONNECTED'> = error.body;
    expect([error.status, body.missing_platforms]).toEqual([400, ['linkedin']]);
    expect(error.requestId).toBe(response.headers.get('x-request-id'));
  });
});
