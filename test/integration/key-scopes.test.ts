import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { KEY_SCOPES, scopeAllows, type KeyScope } from '#shared/domain/key-scopes';
import { routes } from '#shared/http/routes';
import { startTestService, type TestService } from '../support/test-service';
import { registerSecret } from '../support/secret-registry';

/**
 * Key scopes (docs/api.md, "Key scopes"), generated over THE route table: every api-key route
 * called with a key of every scope is refused with 403 INSUFFICIENT_SCOPE and its
 * `required_scope` exactly when the table's scope is above the key's, and otherwise reaches the
 * endpoint (whatever it then answers: a made-up id is NOT_FOUND, an empty body a validation
 * error). The calls are harmless by construction: made-up ids and empty bodies.
 */
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
const apiKeyRoutes = routes.filter((route) => route.auth === 'api-key');

describe('key scopes over the route table', () => {
  let service: TestService;
  const keys = {} as Record<KeyScope, string>;
  let accountId: string;

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' });
    const account = await service.createAccount();
    accountId = account.accountId;
    registerSecret(account.apiKey);
    for (const scope of KEY_SCOPES) {
      const created = await service.call('POST', '/keys', { key: account.apiKey, body: { name: `${scope} key`, scope } });
      expect(created.status).toBe(201);
      expect(created.json.key.scope).toBe(scope);
      registerSecret(created.json.api_key);
      keys[scope] = created.json.api_key;
    }
  });
  afterAll(() => service.stop());

  it('gives every api-key route a scope', () => {
    expect(apiKeyRoutes.filter((route) => !route.scope).map((route) => route.operation)).toEqual([]);
  });

  // What THIS call needs (docs/api.md, "Key scopes"): an empty POST /posts body asks for a post,
  // not a draft, so it needs write; every other call here needs its route's least scope (an empty
  // batch and a made-up post id say nothing more). test/integration/required-scope.test.ts has the rest.
  const callScope = (operation: string, least: KeyScope): KeyScope => (operation === 'create-post' ? 'write' : least);
  const cases = apiKeyRoutes.flatMap((route) =>
    KEY_SCOPES.map((scope) => [route.method, route.path, callScope(route.operation, route.scope ?? 'admin'), scope] as const),
  );
  it.each(cases)('%s %s (needs %s) with a %s key', async (method, path, required, scope) => {
    const response = await service.call(method, path.replace('{id}', MADE_UP_ID), {
      key: keys[scope],
      ...(method === 'POST' || method === 'PATCH' ? { body: {} } : {}),
    });
    if (scopeAllows(scope, required)) {
      expect(response.json?.error).not.toBe('INSUFFICIENT_SCOPE');
      expect(response.status).not.toBe(500);
    } else {
      expect(response.status).toBe(403);
      expect(response.json).toEqual({ error: 'INSUFFICIENT_SCOPE', message: expect.any(String), required_scope: required });
    }
  });

  it('checks the scope after the rate limit and before validation: a read key posting garbage hears about its scope', async () => {
    const response = await service.call('POST', '/keys', {
      key: keys.read,
      rawBody: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ error: 'INSUFFICIENT_SCOPE', message: expect.any(String), required_scope: 'admin' });
  });

  it('creates admin keys by default, refuses an unknown scope, and lists every key with its scope', async () => {
    const plain = await service.call('POST', '/keys', { key: keys.admin, body: { name: 'no scope given' } });
    expect(plain.status).toBe(201);
    registerSecret(plain.json.api_key);
    expect(plain.json.key.scope).toBe('admin');
    const unknown = await service.call('POST', '/keys', { key: keys.admin, body: { name: 'x', scope: 'owner' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ error: 'INVALID_FIELD', field: 'scope' });
    const listed = await service.call('GET', '/keys', { key: keys.read });
    expect(listed.status).toBe(200);
    const scopes = Object.fromEntries(listed.json.keys.map((key: { name: string; scope: string }) => [key.name, key.scope]));
    expect(scopes).toMatchObject({
      'read key': 'read',
      'draft key': 'draft',
      'write key': 'write',
      'admin key': 'admin',
      'no scope given': 'admin',
    });
  });

  it('treats a key stored before scopes existed as admin', async () => {
    const created = await service.call('POST', '/keys', { key: keys.admin, body: { name: 'old', scope: 'read' } });
    registerSecret(created.json.api_key);
    const { db, tableName } = await import('#shared/store/client');
    const { apiKeyLookupKey, accountApiKeyKey } = await import('#shared/store/api-keys');
    const { hashApiKey } = await import('#shared/domain/api-key-values');
    // What a key written by the previous version looks like: no scope attribute on either item.
    for (const Key of [apiKeyLookupKey(hashApiKey(created.json.api_key)), accountApiKeyKey(accountId, created.json.key.id)]) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key,
          UpdateExpression: 'REMOVE #scope',
          ExpressionAttributeNames: { '#scope': 'scope' },
        }),
      );
    }
    const webhooks = await service.call('POST', '/webhooks', { key: created.json.api_key, body: {} });
    expect(webhooks.json?.error).not.toBe('INSUFFICIENT_SCOPE');
    expect(webhooks.status).toBe(400);
    const listed = await service.call('GET', '/keys', { key: keys.admin });
    expect(listed.json.keys.find((key: { id: string }) => key.id === created.json.key.id).scope).toBe('admin');
  });
});
