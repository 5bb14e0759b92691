import { type ErrorCode } from '#shared/domain/errors';
import { errorCatalog } from '#shared/http/errors';
import { routesFrom } from '#shared/http/routes';
import { CSRF_HEADER, SESSION_COOKIE } from '#shared/http/session-auth';
import packageJson from '../../package.json';
import { errorComponents, errorExampleComponents } from './error-schemas';
import { TAGS, type OperationDoc, type OperationRoute, type Tag } from '#shared/api/operation';
import { operations as manifest } from '#shared/api/manifest';
import { resourceSchemas } from '#shared/api/schemas/resources';
import { batchResourceSchemas } from '#shared/api/operations/batch';
import { parametersOf, pathParameterNames, requestBodyOf } from './request-parts';
import { headerComponents, responsesOf } from './responses';
import type { JsonSchema } from '#shared/api/schemas/primitives';
import { webhookResourceSchemas, webhooksSection } from '#shared/api/schemas/webhooks';
import { oauthResourceSchemas } from '#shared/api/schemas/oauth';

/**
 * Builds the OpenAPI 3.1 document from the route table, the operations' documentation, the
 * endpoints' own ajv schemas and the error catalog. Deterministic (paths sorted, methods in a
 * fixed order, components sorted), so the committed docs/openapi.json can be compared with a
 * fresh build. `$default` (any unknown route: 404 NOT_FOUND) is not an operation and is not listed.
 */
export interface RouteLike {
  method: string;
  path: string;
  operation: string;
  /** 'api-key', 'none' (the OAuth callback) or 'session' (the dashboard API). */
  auth: string;
  /** An api-key route's least key scope (docs/api.md, "Key scopes"). */
  scope?: string;
}

export interface DocumentInput {
  routes: readonly RouteLike[];
  /** The manifest's entries (shared/api/manifest.ts), or documentation alone for a test's own route. */
  operations: Readonly<Record<string, OperationDoc & Partial<Pick<OperationRoute, 'dashboardPath' | 'dashboardNote'>>>>;
  version: string;
}

const METHOD_ORDER = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head'];
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const camelCase = (operation: string) => operation.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
const sortKeys = <T>(object: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Codes named by the body schema's annotations (x-error-code / x-error-codes). */
function annotatedCodes(doc: OperationDoc): ErrorCode[] {
  const properties = Object.values((doc.body?.properties ?? {}) as Record<string, Record<string, unknown>>);
  return properties.flatMap((property) => [
    ...(typeof property['x-error-code'] === 'string' ? [property['x-error-code'] as ErrorCode] : []),
    ...Object.values((property['x-error-codes'] ?? {}) as Record<string, ErrorCode>),
  ]);
}

/** Every code the operation can answer: those that follow from the route, then its own. */
function errorCodes(route: RouteLike, doc: OperationDoc): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (route.auth === 'api-key') codes.push('MISSING_API_KEY', 'INVALID_API_KEY', 'RATE_LIMIT_EXCEEDED');
  // Every key holds at least read: only routes above it can refuse a key for its scope.
  if (route.auth === 'api-key' && route.scope !== 'read') codes.push('INSUFFICIENT_SCOPE');
  // The dashboard answers FORBIDDEN without a live session, and on a mutation without its CSRF token.
  if (route.auth === 'session') codes.push('FORBIDDEN', 'RATE_LIMIT_EXCEEDED');
  if (pathParameterNames(route.path).length > 0) codes.push('INVALID_ID');
  if (doc.body) {
    codes.push('INVALID_JSON', 'INVALID_FIELD', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', ...annotatedCodes(doc));
    if ((doc.body.required ?? []).length > 0) codes.push('MISSING_REQUIRED_FIELD');
  }
  if (doc.query) codes.push('INVALID_FIELD');
  if (doc.idempotent) codes.push('INVALID_FIELD', 'IDEMPOTENCY_KEY_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED');
  codes.push(...doc.errors, 'INTERNAL_SERVER_ERROR');
  const order = Object.keys(errorCatalog);
  return [...new Set(codes)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

function securityOf(route: RouteLike): JsonSchema[] {
  if (route.auth === 'api-key') return [{ ApiKey: [] }];
  if (route.auth === 'session') return [{ session: [] }];
  if (route.auth === 'none') return [];
  throw new Error(`OpenAPI: route ${route.method} ${route.path} has an unknown auth "${route.auth}"`);
}

/**
 * A public operation's dashboard route (auth 'session' at its `dashboardPath`) is documented under
 * the Dashboard tag with an operationId of its own (`dashboardCreatePost`), from the same entry.
 */
function documented(
  route: RouteLike,
  doc: OperationDoc & Partial<Pick<OperationRoute, 'dashboardPath' | 'dashboardNote'>>,
): { operationId: string; doc: OperationDoc } {
  const dashboardRouteOfPublic = route.auth === 'session' && route.path === doc.dashboardPath;
  if (!dashboardRouteOfPublic) return { operationId: camelCase(route.operation), doc };
  return {
    operationId: camelCase(`dashboard-${route.operation}`),
    doc: {
      ...doc,
      tag: 'Dashboard',
      description: `As the public API's ${route.operation}, for the signed-in account${doc.dashboardNote ?? '.'} ${doc.description}`,
    },
  };
}

function operationObject(route: RouteLike, entry: OperationDoc): JsonSchema {
  const { operationId, doc } = documented(route, entry);
  const dashboard = route.path.startsWith('/dashboard/');
  if (dashboard !== (doc.tag === 'Dashboard') || (route.auth === 'session' && !dashboard)) {
    throw new Error(
      `OpenAPI: ${route.method} ${route.path} must be tagged Dashboard exactly when it is a /dashboard route (the only ones with sessions)`,
    );
  }
  const parameters = parametersOf(route.path, doc, { csrf: route.auth === 'session' && MUTATIONS.has(route.method) });
  const requestBody = requestBodyOf(doc);
  return {
    operationId,
    tags: [doc.tag],
    summary: doc.summary,
    description: route.scope ? `${doc.description}\n\nNeeds a key with scope \`${route.scope}\` or above.` : doc.description,
    ...(route.scope ? { 'x-required-scope': route.scope } : {}),
    ...(doc.mcpTool === false ? { 'x-mcp-tool': false } : {}),
    security: securityOf(route),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf({ doc, codes: errorCodes(route, doc), auth: route.auth }),
  };
}

function checkCoverage(input: DocumentInput): void {
  const missing = input.routes
    .filter((route) => !input.operations[route.operation])
    .map((route) => `${route.method} ${route.path} (${route.operation})`);
  if (missing.length) {
    throw new Error(`OpenAPI: no documentation for ${missing.join(', ')}: add an entry to shared/api/operations/*.ts`);
  }
  const routed = new Set(input.routes.map((route) => route.operation));
  const stale = Object.keys(input.operations).filter((operation) => !routed.has(operation));
  if (stale.length) throw new Error(`OpenAPI: documented operations without a route: ${stale.join(', ')}`);
}

const INFO_DESCRIPTION = [
  "Publish text posts to LinkedIn and Bluesky, now or scheduled, under a monthly limit and LinkedIn's 60-second spacing.",
  '',
  'Every request carries `x-api-key` (except the OAuth callback). Bodies are JSON, UTF-8, `snake_case`, at most 64 KiB.',
  'Ids are UUIDs; times are ISO 8601 UTC with milliseconds (`2026-11-23T10:00:00.000Z`).',
  'Every error is `{"error": CODE, "message": text, ...extra fields}`; every response carries `x-request-id`.',
  'API rate limit: 100 requests per 60 s per key by default (`x-ratelimit-*` headers); on 429 wait `retry_after` seconds.',
  'Retry 5xx responses with a growing delay. Unknown routes and methods answer 404 NOT_FOUND.',
].join('\n');

/** The OpenAPI 3.1 document of the public API (and the dashboard API, once it has routes). */
export function buildOpenApiDocument(
  // Routes from the manifest itself, not from its generated runtime table: generating must not read its own output.
  input: DocumentInput = { routes: routesFrom(manifest), operations: manifest, version: packageJson.version },
): JsonSchema {
  checkCoverage(input);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of input.routes) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationObject(route, input.operations[route.operation]);
  }
  const sortedPaths = Object.fromEntries(
    Object.entries(sortKeys(paths)).map(([path, methods]) => [
      path,
      Object.fromEntries(Object.entries(methods).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))),
    ]),
  );
  const usedTags = new Set(input.routes.map((route) => documented(route, input.operations[route.operation]).doc.tag));
  const usesSession = input.routes.some((route) => route.auth === 'session');
  return {
    openapi: '3.1.0',
    info: { title: 'Social posting service', version: input.version, description: INFO_DESCRIPTION },
    servers: [
      { url: 'https://api.example.com/v1', description: 'Deployed: the API stage URL, with the version (/v1) in it' },
      { url: 'http://127.0.0.1:3000', description: 'Local (npm start)' },
    ],
    tags: (Object.keys(TAGS) as Tag[]).filter((tag) => usedTags.has(tag)).map((tag) => ({ name: tag, description: TAGS[tag] })),
    paths: sortedPaths,
    webhooks: webhooksSection(),
    components: {
      schemas: sortKeys({
        ...resourceSchemas,
        ...webhookResourceSchemas,
        ...batchResourceSchemas,
        ...oauthResourceSchemas,
        ...errorComponents(),
      }),
      headers: headerComponents,
      examples: sortKeys(errorExampleComponents()),
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An API key (sk_…); only its SHA-256 hash is stored.' },
        ...(usesSession
          ? {
              session: {
                type: 'apiKey',
                in: 'cookie',
                name: SESSION_COOKIE,
                description: `The dashboard session (from sign-in); mutations also need the ${CSRF_HEADER} header.`,
              },
            }
          : {}),
      },
    },
  };
}

/** The committed form: 2-space JSON with a trailing newline. */
export const renderOpenApiDocument = (document: JsonSchema): string => `${JSON.stringify(document, null, 2)}\n`;
