import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type ErrorCode } from '#shared/domain/errors';
import { errorCatalog } from '#shared/http/errors';
import { routes } from '#shared/http/routes';
import { SESSION_COOKIE } from '#shared/http/session-auth';
import { buildOpenApiDocument, renderOpenApiDocument, type RouteLike } from '../../scripts/openapi/generator';
import { operations as operationDocs } from '#shared/api/manifest';
import { toOpenApiSchema } from '../../scripts/openapi/request-parts';
import { documentAjv, resolveRef } from '../../scripts/openapi/response-validator';
import type { OperationDoc } from '#shared/api/operation';

/**
 * docs/openapi.json: committed = generated, and a minimal structural check of OpenAPI 3.1
 * (a small walker instead of a validator package): every route and method, every $ref
 * resolves, every error code answered is a catalog code with the catalog's status, the
 * request schemas are the endpoints' own, and every example matches its schema.
 */
type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ROOT = join(__dirname, '..', '..');
const document = buildOpenApiDocument() as Node;
const operations = Object.entries(document.paths as Node).flatMap(([path, methods]) =>
  Object.entries(methods as Node).map(([method, operation]) => ({ path, method, operation: operation as Node })),
);

function walk(node: unknown, visit: (node: Node, pointer: string) => void, pointer = '#'): void {
  if (node === null || typeof node !== 'object') return;
  visit(node as Node, pointer);
  for (const [key, value] of Object.entries(node)) walk(value, visit, `${pointer}/${key}`);
}

describe('docs/openapi.json', () => {
  it('ends with a newline, as committed', () => {
    expect(renderOpenApiDocument(buildOpenApiDocument()).endsWith('}\n')).toBe(true);
  });

  it('is OpenAPI 3.1.0 with every route of the route table and nothing else', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toEqual({ title: expect.any(String), version: expect.any(String), description: expect.any(String) });
    const documented = operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort();
    expect(documented).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort());
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has well-formed operations, parameters and security', () => {
    const tags = (document.tags as Node[]).map((tag) => tag.name);
    for (const { path, method, operation } of operations) {
      const route = routes.find((candidate) => candidate.path === path && candidate.method === method.toUpperCase())!;
      expect(operation.tags.every((tag: string) => tags.includes(tag))).toBe(true);
      expect(Object.keys(operation.responses).length).toBeGreaterThan(1);
      expect(operation.security).toEqual({ 'api-key': [{ ApiKey: [] }], session: [{ session: [] }], none: [] }[route.auth]);
      expect(operation.tags).toEqual(path.startsWith('/dashboard/') ? ['Dashboard'] : [expect.not.stringMatching('Dashboard')]);
      const csrf = (operation.parameters ?? []).some((parameter: Node) => parameter.name === 'x-csrf-token' && parameter.in === 'header');
      expect(csrf).toBe(route.auth === 'session' && method !== 'get');
      const parameters: Node[] = operation.parameters ?? [];
      for (const parameter of parameters) {
        expect(['path', 'query', 'header', 'cookie']).toContain(parameter.in);
        expect(parameter.schema).toEqual(expect.any(Object));
      }
      const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      expect(parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)).toEqual(pathNames);
      for (const name of pathNames) {
        // Ids are UUIDs; a tracked link's code is its own shape (docs/api.md, "Tracked links").
        const schema = name === 'code' ? { pattern: '^[0-9A-Za-z]{12}$' } : { format: 'uuid' };
        expect(parameters.find((parameter) => parameter.name === name)).toMatchObject({ required: true, schema });
      }
      const idempotent = parameters.some((parameter) => parameter.name === 'idempotency-key');
      // The manifest's flag, which the handler's middleware stack follows too (shared/http/api-handler.ts).
      expect(idempotent).toBe(operationDocs[route.operation].idempotent === true);
    }
    expect(document.components.securitySchemes.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE });
  });

  it('resolves every $ref', () => {
    const broken: string[] = [];
    walk(document, (node, pointer) => {
      if (typeof node.$ref !== 'string') return;
      if (!node.$ref.startsWith('#/components/') || resolveRef(document, node) === undefined) broken.push(`${pointer}: ${node.$ref}`);
    });
    expect(broken).toEqual([]);
  });

  it('answers only catalog codes, each under its catalog status, and documents every catalog code', () => {
    const schemas = document.components.schemas as Node;
    const codesOf = (schema: Node): string[] => {
      // The OAuth endpoints answer OAuth's error body (RFC 6749 section 5.2), not a catalog code.
      if (schema.$ref === '#/components/schemas/OAuthError') return [];
      const resolved = resolveRef<Node>(document, schema);
      if (resolved.oneOf) return (resolved.oneOf as Node[]).flatMap(codesOf);
      return [resolved.properties.error.const];
    };
    const used = new Set<string>();
    for (const { operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses as Node)) {
        // A tracked link's unknown code answers an HTML page, not a catalog error (docs/api.md, "Tracked links").
        if (Number(status) < 400 || response.content['text/html']) continue;
        for (const code of codesOf(response.content['application/json'].schema)) {
          used.add(code);
          expect(`${code} ${errorCatalog[code as ErrorCode]?.status}`).toBe(`${code} ${status}`);
        }
      }
    }
    for (const code of used) expect(Object.keys(errorCatalog)).toContain(code);
    for (const code of Object.keys(errorCatalog))
      expect(Object.values(schemas).some((schema: Node) => schema.properties?.error?.const === code)).toBe(true);
    expect(Object.keys(errorCatalog).filter((code) => !used.has(code))).toEqual([]);
  });

  it('takes every request schema from the endpoint itself (shared/http/endpoints/<operation>/schema.ts)', async () => {
    for (const route of routes) {
      const doc = operationDocs[route.operation];
      const documented = operations.find(({ path, method }) => path === route.path && method === route.method.toLowerCase())!.operation;
      if (doc.body) expect(documented.requestBody.content['application/json'].schema).toEqual(toOpenApiSchema(doc.body));
      const file = join(ROOT, 'shared', 'http', 'endpoints', route.operation, 'schema.ts');
      if (!existsSync(file)) continue;
      const module = (await import(`#shared/http/endpoints/${route.operation}/schema`)) as Record<string, unknown>;
      const schemas = Object.values(module).filter((value) => (value as Node)?.type === 'object' && (value as Node).properties);
      // A reusable piece (platform_content) is documented inside the body that uses it.
      const pieces = Object.values((doc.body as Node | undefined)?.properties ?? {});
      for (const schema of schemas) expect([doc.body, doc.query, ...pieces]).toContain(schema);
    }
  });

  it('has schemas that compile (JSON Schema 2020-12, strict) and examples that match them', () => {
    const ajv = documentAjv(document);
    const base = 'https://social-posting.invalid/openapi.json#/components/schemas/';
    for (const name of Object.keys(document.components.schemas)) expect(() => ajv.getSchema(`${base}${name}`)).not.toThrow();
    const mismatches: string[] = [];
    const check = (schema: Node, example: unknown, where: string) => {
      const rebased = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"https://social-posting.invalid/openapi.json#/components/'),
      );
      const validate = ajv.compile(rebased);
      if (!validate(example)) mismatches.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    for (const { path, method, operation } of operations) {
      const body = operation.requestBody?.content['application/json'];
      if (body) check(body.schema, body.example, `${method} ${path} request`);
      for (const [status, response] of Object.entries(operation.responses as Node)) {
        const media = response.content?.['application/json'];
        if (media?.example !== undefined) check(media.schema, media.example, `${method} ${path} ${status}`);
        for (const [name, example] of Object.entries((media?.examples ?? {}) as Node)) {
          check(media.schema, resolveRef<Node>(document, example).value, `${method} ${path} ${status} ${name}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the generator', () => {
  const dashboardRoute: RouteLike = { method: 'POST', path: '/dashboard/api/examples', operation: 'dashboard-example', auth: 'session' };
  const dashboardDoc: OperationDoc = {
    tag: 'Dashboard',
    summary: 'Create a key from the dashboard',
    description: 'Session cookie and CSRF token.',
    success: { status: 201, description: 'Created.', schema: 'CreatedKey' },
    errors: [],
  };

  it('fails loudly on a route nobody documented', () => {
    expect(() => buildOpenApiDocument({ routes: [...routes, dashboardRoute], operations: operationDocs, version: '0' })).toThrow(
      /no documentation for POST \/dashboard\/api\/examples \(dashboard-example\)/,
    );
  });

  it('documents a session route with the cookie scheme, the CSRF header, FORBIDDEN and no caching', () => {
    const built = buildOpenApiDocument({
      routes: [...routes, dashboardRoute],
      operations: { ...operationDocs, 'dashboard-example': dashboardDoc },
      version: '0',
    }) as Node;
    const operation = built.paths['/dashboard/api/examples'].post;
    expect(operation.security).toEqual([{ session: [] }]);
    expect(operation.tags).toEqual(['Dashboard']);
    expect(operation.parameters).toEqual([expect.objectContaining({ name: 'x-csrf-token', in: 'header', required: true })]);
    expect(operation.responses['403'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ForbiddenError' });
    expect(operation.responses['401']).toBeUndefined();
    expect(operation.responses['201'].headers['cache-control']).toEqual({ $ref: '#/components/headers/NoStore' });
  });

  it('refuses a dashboard route tagged otherwise', () => {
    expect(() =>
      buildOpenApiDocument({
        routes: [...routes, dashboardRoute],
        operations: { ...operationDocs, 'dashboard-example': { ...dashboardDoc, tag: 'Keys' } },
        version: '0',
      }),
    ).toThrow(/must be tagged Dashboard/);
  });
});
