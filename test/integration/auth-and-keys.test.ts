import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { localClient } from '../../local/dynamodb-local';
import { startTestService, type TestService } from '../support/test-service';
import { captureLogs, type LogCapture } from '../support/log-capture';
import { registerSecret } from '../support/secret-registry';
import { accountWithLogin, signIn, uniqueEmail } from './dashboard-client';

describe('authentication, keys and the error shape (through the local server)', () => {
  let service: TestService;
  let logs: LogCapture;
  const secrets: string[] = [];

  beforeAll(async () => {
    service = await startTestService({ LOG_LEVEL: 'INFO' });
    logs = captureLogs();
  });
  afterAll(async () => {
    logs.restore();
    await service.stop();
  });

  it('answers 401 MISSING_API_KEY without the header, with a request id', async () => {
    const response = await service.call('GET', '/profiles');
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: 'MISSING_API_KEY', message: expect.any(String) });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['unknown but well-formed', `sk_${'A'.repeat(43)}`],
    ['mistyped (too short)', 'sk_abc'],
    ['very long', `sk_${'A'.repeat(5000)}`],
    ['two keys in one header', `sk_${'A'.repeat(43)}, sk_${'B'.repeat(43)}`],
  ])('answers 401 INVALID_API_KEY for a key that is %s', async (_, key) => {
    const response = await service.call('GET', '/profiles', { key });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: 'INVALID_API_KEY', message: expect.any(String) });
  });

  it('serves GET /profiles with a valid key, with rate-limit headers', async () => {
    const { apiKey } = await service.createAccount();
    secrets.push(apiKey);
    const response = await service.call('GET', '/profiles', { key: apiKey });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ profiles: [] });
    expect(Number(response.headers.get('x-ratelimit-limit'))).toBe(100);
    expect(Number(response.headers.get('x-ratelimit-remaining'))).toBe(99);
    expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  });

  it('creates a key shown once, lists it without its value, and a deleted key fails on the next request', async () => {
    const { apiKey } = await service.createAccount();
    secrets.push(apiKey);
    const created = await service.call('POST', '/keys', { key: apiKey, body: { name: 'ci' } });
    expect(created.status).toBe(201);
    expect(created.json.api_key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(created.json.key).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'ci',
      prefix: created.json.api_key.slice(0, 7),
      scope: 'admin',
      created_at: expect.stringMatching(/Z$/),
      last_used_at: null,
    });
    const newKey: string = created.json.api_key;
    secrets.push(newKey);
    expect((await service.call('GET', '/profiles', { key: newKey })).status).toBe(200);

    const listed = await service.call('GET', '/keys', { key: apiKey });
    expect(listed.status).toBe(200);
    expect(listed.json.keys.map((key: { name: string }) => key.name).sort()).toEqual(['ci', 'default']);
    expect(listed.text).not.toContain(newKey);
    expect(listed.json.keys.find((key: { name: string }) => key.name === 'ci').last_used_at).toMatch(/Z$/);

    const deleted = await service.call('DELETE', `/keys/${created.json.key.id}`, { key: apiKey });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    const after = await service.call('GET', '/profiles', { key: newKey });
    expect(after.status).toBe(401);
    expect(after.json.error).toBe('INVALID_API_KEY');
  });

  it("answers 404 NOT_FOUND for an unknown key id or another account's key, INVALID_ID for a malformed one", async () => {
    const mine = await service.createAccount();
    const other = await service.createAccount();
    secrets.push(mine.apiKey, other.apiKey);
    const otherKey = await service.call('POST', '/keys', { key: other.apiKey, body: { name: 'theirs' } });
    secrets.push(otherKey.json.api_key);
    const notMine = await service.call('DELETE', `/keys/${otherKey.json.key.id}`, { key: mine.apiKey });
    expect(notMine.status).toBe(404);
    expect(notMine.json).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
    expect((await service.call('GET', '/profiles', { key: otherKey.json.api_key })).status).toBe(200);
    const malformed = await service.call('DELETE', '/keys/not-a-uuid', { key: mine.apiKey });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ error: 'INVALID_ID', message: expect.any(String) });
  });

  it.each([
    ['malformed JSON', { rawBody: '{"name":', headers: { 'content-type': 'application/json' } }, 400, 'INVALID_JSON', {}],
    ['a JSON array', { rawBody: '[]', headers: { 'content-type': 'application/json' } }, 400, 'INVALID_JSON', {}],
    ['no content type', { rawBody: '{"name":"x"}', headers: { 'content-type': 'text/plain' } }, 415, 'UNSUPPORTED_MEDIA_TYPE', {}],
    ['a body over 64 KiB', { body: { name: 'x'.repeat(70_000) } }, 413, 'PAYLOAD_TOO_LARGE', { max_bytes: 65536 }],
    ['no name', { body: {} }, 400, 'MISSING_REQUIRED_FIELD', { field: 'name' }],
    ['a null name', { body: { name: null } }, 400, 'MISSING_REQUIRED_FIELD', { field: 'name' }],
    ['a numeric name', { body: { name: 5 } }, 400, 'INVALID_FIELD', { field: 'name' }],
    ['an unknown field', { body: { name: 'x', nmae: 'y' } }, 400, 'INVALID_FIELD', { field: 'nmae' }],
  ])('POST /keys with %s', async (_, options, status, code, extras) => {
    const { apiKey } = await service.createAccount();
    secrets.push(apiKey);
    const response = await service.call('POST', '/keys', { key: apiKey, ...options });
    expect(response.status).toBe(status);
    expect(response.json).toEqual({ error: code, message: expect.any(String), ...extras });
    expect(response.text).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('answers 404 NOT_FOUND for unknown routes and methods, before authentication', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['PUT', '/profiles'],
      ['GET', '/keys/extra/segments'],
    ]) {
      const response = await service.call(method, path);
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
    }
  });

  /** Every stored item of the table, as JSON text. */
  const tableText = async (): Promise<string> => {
    const client = localClient(service.endpoint);
    const { Items } = await client.send(new ScanCommand({ TableName: service.tableName }));
    client.destroy();
    return JSON.stringify((Items ?? []).map((item) => unmarshall(item)));
  };

  it('replays POST /keys with the same idempotency-key: the same key and value, no second key; the value is stored sealed only', async () => {
    const { apiKey } = await service.createAccount();
    secrets.push(apiKey);
    const headers = { 'idempotency-key': `key-${Date.now()}` };
    const first = await service.call('POST', '/keys', { key: apiKey, body: { name: 'ci' }, headers });
    expect(first.status).toBe(201);
    const value: string = first.json.api_key;
    secrets.push(value);
    registerSecret(value);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const replay = await service.call('POST', '/keys', { key: apiKey, body: { name: 'ci' }, headers });
    expect([replay.status, replay.json, replay.headers.get('idempotent-replayed')]).toEqual([201, first.json, 'true']);
    const listed = (await service.call('GET', '/keys', { key: apiKey })).json.keys as { id: string; name: string }[];
    expect(listed.map((key) => key.name).sort()).toEqual(['ci', 'default']);
    expect(listed.find((key) => key.name === 'ci')!.id).toBe(first.json.key.id);
    // The replayed value is the live key.
    expect((await service.call('GET', '/profiles', { key: replay.json.api_key })).status).toBe(200);

    // Only the hash in the key, and the value sealed in the idempotency record: never in plain text.
    const stored = await tableText();
    expect(stored).toContain('sealed_api_key');
    expect(stored).not.toContain(value.slice(3));
  });

  it('refuses the same idempotency-key with another body (IDEMPOTENCY_KEY_REUSED), creating nothing; without a key each POST creates one', async () => {
    const { apiKey } = await service.createAccount();
    secrets.push(apiKey);
    const headers = { 'idempotency-key': `key-reused-${Date.now()}` };
    const first = await service.call('POST', '/keys', { key: apiKey, body: { name: 'first' }, headers });
    expect(first.status).toBe(201);
    secrets.push(first.json.api_key);
    const reused = await service.call('POST', '/keys', { key: apiKey, body: { name: 'second' }, headers });
    expect([reused.status, reused.json]).toEqual([422, { error: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) }]);
    const bad = await service.call('POST', '/keys', { key: apiKey, body: { name: 'x' }, headers: { 'idempotency-key': 'é' } });
    expect([bad.status, bad.json]).toEqual([400, { error: 'INVALID_FIELD', field: 'idempotency-key', message: expect.any(String) }]);
    for (const _ of [1, 2]) {
      const created = await service.call('POST', '/keys', { key: apiKey, body: { name: 'no key' } });
      expect(created.status).toBe(201);
      secrets.push(created.json.api_key);
    }
    const names = (await service.call('GET', '/keys', { key: apiKey })).json.keys.map((key: { name: string }) => key.name);
    expect(names.sort()).toEqual(['default', 'first', 'no key', 'no key']);
  });

  it("replays the dashboard's key creation the same way (the same use case), its key scoped to that request", async () => {
    const email = uniqueEmail('keys-replay');
    const { apiKey } = await accountWithLogin(service, email);
    secrets.push(apiKey);
    const { session } = await signIn(service, email);
    const headers = { 'idempotency-key': `dashboard-key-${Date.now()}` };
    const first = await session!.call('POST', '/keys', { body: { name: 'from the dashboard' }, headers });
    expect(first.status).toBe(201);
    secrets.push(first.json.api_key);
    const replay = await session!.call('POST', '/keys', { body: { name: 'from the dashboard' }, headers });
    expect([replay.status, replay.json, replay.headers.get('idempotent-replayed')]).toEqual([201, first.json, 'true']);
    const reused = await session!.call('POST', '/keys', { body: { name: 'another' }, headers });
    expect([reused.status, reused.json.error]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    // The public route runs the same operation under the same account's key space, and the request's hash does not
    // depend on the path it came by (docs/decisions/0162-idempotency-hash-independent-of-the-transport.md):
    // the same key and body replay the dashboard's answer, and create nothing.
    const viaApi = await service.call('POST', '/keys', { key: apiKey, body: { name: 'from the dashboard' }, headers });
    expect([viaApi.status, viaApi.json, viaApi.headers.get('idempotent-replayed')]).toEqual([201, first.json, 'true']);
    const names = (await session!.call('GET', '/keys')).json.keys.map((key: { name: string }) => key.name);
    expect(names.sort()).toEqual(['default', 'from the dashboard']);
  });

  it('logs one line per request with its fields, and never a key value', async () => {
    const lines = logs
      .text()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const request = lines.find((line) => line.message === 'request' && line.status === 200);
    expect(request).toMatchObject({ route: 'GET /profiles', account_id: expect.any(String), latency_ms: expect.any(Number) });
    expect(lines.some((line) => line.error_code === 'INVALID_API_KEY')).toBe(true);
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(logs.text()).not.toContain(secret);
  });
});
