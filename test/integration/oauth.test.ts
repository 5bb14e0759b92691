import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type CallResult, type TestService } from '../support/test-service';
import { accountWithLogin, signIn, uniqueEmail, type DashboardSession } from './dashboard-client';

/**
 * OAuth 2.1 for the MCP server (docs/api.md, "Connecting an agent with OAuth", "Connections"):
 * discovery, registration, the consent flow through the dashboard's API, the token endpoint's
 * refusals (RFC 6749 errors) and the tokens at /mcp, through the local server on DynamoDB Local.
 */
const REDIRECT = 'http://127.0.0.1:8976/callback';

let service: TestService;
let base: string;
let dashboard: DashboardSession;

beforeAll(async () => {
  service = await startTestService();
  base = service.baseUrl;
  const email = uniqueEmail('oauth');
  await accountWithLogin(service, email);
  dashboard = (await signIn(service, email)).session!;
});
afterAll(async () => {
  (await import('#shared/ports/clock')).useClock();
  await service.stop();
});

const form = (fields: Record<string, string>) => ({
  rawBody: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

async function register(body: unknown = { client_name: 'Test agent', redirect_uris: [REDIRECT] }): Promise<CallResult> {
  return service.call('POST', '/oauth/register', { body });
}

/** Registration, authorization, consent (allow with a scope): the code and what else the client needs. */
async function authorize(scope = 'draft', extra: Record<string, string> = {}) {
  const client = (await register()).json.client_id as string;
  const { verifier, challenge } = pkce();
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-1',
    scope: 'read draft write',
    resource: `${base}/mcp`,
    ...extra,
  });
  const started = await service.call('GET', `/oauth/authorize?${query.toString()}`);
  expect(started.status).toBe(302);
  const consent = new URL(started.headers.get('location')!);
  expect(consent.pathname).toBe('/dashboard/authorize');
  const request = consent.searchParams.get('request')!;
  const shown = await dashboard.call('GET', `/oauth/request?request=${request}`);
  expect(shown.json).toEqual({ client_name: 'Test agent', client_uri: null, redirect_host: '127.0.0.1:8976', scope: 'write' });
  const decided = await dashboard.call('POST', '/oauth/decision', { body: { request, allow: true, scope } });
  expect(decided.status).toBe(200);
  const back = new URL(decided.json.redirect_url);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  expect(back.searchParams.get('state')).toBe('st-1');
  const code = back.searchParams.get('code')!;
  registerSecret(code);
  return { client, verifier, code, request };
}

async function exchange(flow: { client: string; verifier: string; code: string }) {
  return service.call(
    'POST',
    '/oauth/token',
    form({
      grant_type: 'authorization_code',
      client_id: flow.client,
      code: flow.code,
      redirect_uri: REDIRECT,
      code_verifier: flow.verifier,
    }),
  );
}

async function tokens(scope = 'draft') {
  const flow = await authorize(scope);
  const answer = await exchange(flow);
  expect(answer.status).toBe(200);
  registerSecret(answer.json.access_token);
  registerSecret(answer.json.refresh_token);
  return { ...flow, access: answer.json.access_token as string, refresh: answer.json.refresh_token as string };
}

const mcp = (token: string, body: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/list' }) =>
  service.call('POST', '/mcp', {
    body,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' },
  });
const expectOAuthError = (answer: CallResult, status: number, error: string) => {
  expect([answer.status, answer.json?.error]).toEqual([status, error]);
  expect(answer.headers.get('cache-control')).toBe('no-store');
};
const expectRefusedAtMcp = (answer: CallResult) => {
  expect([answer.status, answer.json?.error]).toEqual([401, 'INVALID_API_KEY']);
  expect(answer.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
};

describe('discovery', () => {
  it('publishes the protected-resource metadata (both paths) and the authorization-server metadata', async () => {
    const resource = {
      resource: `${base}/mcp`,
      authorization_servers: [base],
      scopes_supported: ['read', 'draft', 'write'],
      bearer_methods_supported: ['header'],
    };
    expect((await service.call('GET', '/.well-known/oauth-protected-resource')).json).toEqual(resource);
    expect((await service.call('GET', '/.well-known/oauth-protected-resource/mcp')).json).toEqual(resource);
    const server = (await service.call('GET', '/.well-known/oauth-authorization-server')).json;
    expect(server).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      client_id_metadata_document_supported: true,
    });
    expect((await service.call('GET', '/.well-known/openid-configuration')).json.error).toBe('NOT_FOUND');
  });

  it('answers /mcp without credentials 401 with the resource metadata in WWW-Authenticate', async () => {
    const answer = await service.call('POST', '/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    expectRefusedAtMcp(await mcp('spat_' + 'A'.repeat(43)));
  });
});

describe('registration', () => {
  it('registers a public client and refuses what RFC 7591 and the redirect rules refuse', async () => {
    const ok = await register();
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ client_name: 'Test agent', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
    expect(ok.json.client_secret).toBeUndefined();
    expectOAuthError(await register({ redirect_uris: ['http://example.com/cb'] }), 400, 'invalid_redirect_uri');
    expectOAuthError(await register({ redirect_uris: ['https://example.com/cb#frag'] }), 400, 'invalid_redirect_uri');
    expectOAuthError(await register({ redirect_uris: [] }), 400, 'invalid_redirect_uri');
    expectOAuthError(
      await register({ redirect_uris: ['https://example.com/cb'], token_endpoint_auth_method: 'client_secret_basic' }),
      400,
      'invalid_client_metadata',
    );
    expectOAuthError(
      await register({ redirect_uris: ['https://example.com/cb'], grant_types: ['client_credentials'] }),
      400,
      'invalid_client_metadata',
    );
    expectOAuthError(
      await service.call('POST', '/oauth/register', { rawBody: '[1]', headers: { 'content-type': 'application/json' } }),
      400,
      'invalid_request',
    );
  });
});

describe('client ID metadata documents', () => {
  it('takes a client_id that is the URL of its metadata document, and refuses one whose document names another', async () => {
    const documents: Record<string, unknown> = {};
    const server = createServer((request, response) => {
      const document = documents[request.url ?? ''];
      response.writeHead(document ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(document ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      documents['/good.json'] = { client_id: `${origin}/good.json`, client_name: 'Documented agent', redirect_uris: [REDIRECT] };
      documents['/liar.json'] = { client_id: 'https://someone-else.example/client.json', redirect_uris: [REDIRECT] };
      const { challenge } = pkce();
      const start = (clientId: string) =>
        service.call(
          'GET',
          `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256' }).toString()}`,
        );
      const good = new URL((await start(`${origin}/good.json`)).headers.get('location')!);
      const shown = await dashboard.call('GET', `/oauth/request?request=${good.searchParams.get('request')!}`);
      expect(shown.json).toMatchObject({ client_name: 'Documented agent', redirect_host: '127.0.0.1:8976' });
      for (const path of ['/liar.json', '/missing.json']) {
        const refused = new URL((await start(`${origin}${path}`)).headers.get('location')!);
        expect([refused.pathname, refused.searchParams.get('error')]).toEqual(['/dashboard/authorize', 'invalid_client']);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('authorization', () => {
  it('shows problems before the redirect URI is trusted on the consent page, and sends later ones back with error=', async () => {
    const client = (await register()).json.client_id as string;
    const { challenge } = pkce();
    const start = (fields: Record<string, string>) =>
      service.call(
        'GET',
        `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: client, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256', state: 's', ...fields }).toString()}`,
      );
    const page = (answer: CallResult) => new URL(answer.headers.get('location')!);

    const unregistered = page(await start({ redirect_uri: 'https://evil.example/cb' }));
    expect([unregistered.pathname, unregistered.searchParams.get('error')]).toEqual(['/dashboard/authorize', 'invalid_request']);
    const unknown = page(await start({ client_id: 'spc_' + 'x'.repeat(22) }));
    expect([unknown.pathname, unknown.searchParams.get('error')]).toEqual(['/dashboard/authorize', 'invalid_client']);

    const back = async (fields: Record<string, string>) => {
      const url = page(await start(fields));
      expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
      expect(url.searchParams.get('state')).toBe('s');
      return url.searchParams.get('error');
    };
    expect(await back({ code_challenge_method: 'plain' })).toBe('invalid_request');
    expect(await back({ code_challenge: '' })).toBe('invalid_request');
    expect(await back({ response_type: 'token' })).toBe('unsupported_response_type');
    expect(await back({ resource: 'https://other.example/mcp' })).toBe('invalid_target');
    expect(await back({ scope: 'admin' })).toBe('invalid_scope');
  });

  it('denies: the app gets access_denied and the request is gone', async () => {
    const client = (await register()).json.client_id as string;
    const { challenge } = pkce();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: client,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'd',
    });
    const request = new URL((await service.call('GET', `/oauth/authorize?${query.toString()}`)).headers.get('location')!).searchParams.get(
      'request',
    )!;
    const denied = await dashboard.call('POST', '/oauth/decision', { body: { request, allow: false } });
    expect(new URL(denied.json.redirect_url).searchParams.get('error')).toBe('access_denied');
    expect((await dashboard.call('GET', `/oauth/request?request=${request}`)).status).toBe(404);
    expect((await dashboard.call('POST', '/oauth/decision', { body: { request, allow: false }, csrf: false })).status).toBe(403);
  });
});

describe('tokens', () => {
  it('a token acts as a key of its scope at /mcp: draft tools only, posts created by the connection', async () => {
    const { access } = await tokens('draft');
    const listed = await mcp(access);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-ratelimit-limit')).toBe('100');
    // Counted in the connection's window, as a key's requests are.
    const remaining = Number((await mcp(access)).headers.get('x-ratelimit-remaining'));
    expect(remaining).toBe(Number(listed.headers.get('x-ratelimit-remaining')) - 1);
    const names = (listed.json.result.tools as Array<{ name: string }>).map((tool) => tool.name);
    expect(names).toContain('create_post');
    expect(names).not.toContain('schedule_post');
    expect(names).not.toContain('list_connections');
    const refused = await mcp(access, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_connections', arguments: {} } });
    expect(refused.json.result.isError).toBe(true);
    const created = await mcp(access, {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'create_post', arguments: { content: 'Proposed by an app', platforms: ['bluesky'], draft: true } },
    });
    const post = created.json.result.structuredContent.post;
    const connectionId = (await dashboard.call('GET', '/connections')).json.connections[0].id as string;
    expect(post.created_by).toEqual({ type: 'oauth_client', connection_id: connectionId, client_name: 'Test agent' });
    const scheduled = await mcp(access, {
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'schedule_post', arguments: { id: post.id } },
    });
    expect(scheduled.json.result.structuredContent ?? JSON.parse(scheduled.json.result.content[0].text)).toMatchObject({
      error: 'INSUFFICIENT_SCOPE',
    });
    // The HTTP API takes API keys only: the token's audience is the MCP endpoint.
    expect((await service.call('GET', '/posts', { headers: { authorization: `Bearer ${access}` } })).status).toBe(401);
    expect((await service.call('GET', '/posts', { key: access })).json.error).toBe('INVALID_API_KEY');
  });

  it('refuses a code used twice (and revokes what it issued), a wrong verifier, another redirect URI', async () => {
    const flow = await authorize();
    const first = await exchange(flow);
    expect(first.status).toBe(200);
    expect((await mcp(first.json.access_token)).status).toBe(200);
    expectOAuthError(await exchange(flow), 400, 'invalid_grant');
    expectRefusedAtMcp(await mcp(first.json.access_token));

    const wrong = await authorize();
    expectOAuthError(await exchange({ ...wrong, verifier: pkce().verifier }), 400, 'invalid_grant');
    const other = await authorize();
    expectOAuthError(
      await service.call(
        'POST',
        '/oauth/token',
        form({
          grant_type: 'authorization_code',
          client_id: other.client,
          code: other.code,
          redirect_uri: 'http://127.0.0.1:9/other',
          code_verifier: other.verifier,
        }),
      ),
      400,
      'invalid_grant',
    );
    expectOAuthError(
      await service.call('POST', '/oauth/token', form({ grant_type: 'password', client_id: other.client })),
      400,
      'unsupported_grant_type',
    );
    expectOAuthError(await service.call('POST', '/oauth/token', form({ grant_type: 'authorization_code' })), 400, 'invalid_request');
  });

  it('rotates refresh tokens; a refresh token used twice revokes the family (newer refresh and access tokens too)', async () => {
    const issued = await tokens();
    const refresh = (token: string) =>
      service.call('POST', '/oauth/token', form({ grant_type: 'refresh_token', client_id: issued.client, refresh_token: token }));
    const second = await refresh(issued.refresh);
    expect(second.status).toBe(200);
    expect(second.json.refresh_token).not.toBe(issued.refresh);
    expect((await mcp(second.json.access_token)).status).toBe(200);
    expectOAuthError(await refresh(issued.refresh), 400, 'invalid_grant');
    expectRefusedAtMcp(await mcp(second.json.access_token));
    expectRefusedAtMcp(await mcp(issued.access));
    expectOAuthError(await refresh(second.json.refresh_token), 400, 'invalid_grant');
  });

  it('refuses an expired access token (clock port) and a token for another resource', async () => {
    const { access, request: _request } = await tokens();
    const ports = await import('#shared/ports/clock');
    const clock = ports.fixedClock(new Date(Date.now() + 3600_000 + 1000));
    ports.useClock(clock);
    try {
      expectRefusedAtMcp(await mcp(access));
    } finally {
      ports.useClock();
    }
    expect((await mcp(access)).status).toBe(200);

    // A token whose audience is another resource (as another resource server's would be).
    const { putTokens } = await import('#shared/store/oauth-grants');
    const { hashOAuthSecret, generateOAuthSecret } = await import('#shared/oauth/tokens');
    const connections = (await dashboard.call('GET', '/connections')).json.connections as Array<{ id: string }>;
    const foreign = generateOAuthSecret('access');
    await putTokens(
      [
        {
          hash: hashOAuthSecret(foreign),
          grant: {
            kind: 'access',
            account_id: dashboard.accountId,
            connection_id: connections[0].id,
            client_id: 'spc_x',
            client_name: 'x',
            scope: 'read',
            resource: 'https://other.example/mcp',
            expires_at_epoch: Math.floor(Date.now() / 1000) + 3600,
          },
        },
      ],
      dashboard.accountId,
      connections[0].id,
    );
    expectRefusedAtMcp(await mcp(foreign));
  });

  it('revocation (RFC 7009) answers 200 and stops the token', async () => {
    const issued = await tokens();
    const revoke = (token: string) => service.call('POST', '/oauth/revoke', form({ token }));
    expect((await revoke(issued.access)).status).toBe(200);
    expectRefusedAtMcp(await mcp(issued.access));
    expect((await revoke('nonsense')).status).toBe(200);
    expectOAuthError(await service.call('POST', '/oauth/revoke', form({})), 400, 'invalid_request');
  });

  it('keeps only hashes: no code or token value is in the table', async () => {
    const issued = await tokens();
    const { db, tableName } = await import('#shared/store/client');
    const items = JSON.stringify((await db.send(new ScanCommand({ TableName: tableName }))).Items);
    for (const secret of [issued.access, issued.refresh, issued.code, issued.request]) expect(items).not.toContain(secret);
    expect(items).toContain(createHash('sha256').update(issued.access).digest('base64url'));
  });
});

describe('connections', () => {
  it('lists connections and revokes one: its tokens stop at once, and the audit trail says who', async () => {
    const { access } = await tokens('write');
    const listed = await dashboard.call('GET', '/connections');
    const connection = (listed.json.connections as Array<Record<string, unknown>>)[0];
    expect(connection).toMatchObject({ client_name: 'Test agent', client_uri: null, redirect_host: '127.0.0.1:8976', scope: 'write' });
    expect(connection.last_used_at).toBeNull();
    expect((await mcp(access)).status).toBe(200);
    const used = (await dashboard.call('GET', '/connections')).json.connections[0];
    expect(typeof used.last_used_at).toBe('string');

    expect((await dashboard.call('DELETE', `/connections/${connection.id as string}`)).status).toBe(204);
    expectRefusedAtMcp(await mcp(access));
    expect((await dashboard.call('DELETE', `/connections/${connection.id as string}`)).status).toBe(404);

    const { auditPartition } = await import('#shared/store/audit-log');
    const { db, tableName } = await import('#shared/store/client');
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const audit = (
      await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': auditPartition(dashboard.accountId) },
        }),
      )
    ).Items!.filter((item) => item.target.id === connection.id);
    expect(audit.map((item) => [item.action, item.actor.type])).toEqual([
      ['connection.authorized', 'dashboard'],
      ['connection.revoked', 'dashboard'],
    ]);
  });

  it('is admin only on the public API', async () => {
    const { apiKey } = await service.createAccount();
    registerSecret(apiKey);
    expect((await service.call('GET', '/connections', { key: apiKey })).json).toEqual({ connections: [] });
    const draftKey = await service.call('POST', '/keys', { key: apiKey, body: { name: 'd', scope: 'draft' } });
    registerSecret(draftKey.json.api_key);
    expect((await service.call('GET', '/connections', { key: draftKey.json.api_key })).json.error).toBe('INSUFFICIENT_SCOPE');
  });
});
