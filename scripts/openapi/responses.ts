import { type ErrorCode } from '#shared/domain/errors';
import { errorCatalog } from '#shared/http/errors';
import { errorSchemaName, exampleNamesOf, RATE_LIMIT_SCHEMAS } from './error-schemas';
import type { OperationDoc } from '#shared/api/operation';
import { ref, type JsonSchema } from '#shared/api/schemas/primitives';

/**
 * Responses of an operation: its success (and redirect), and one response per error status
 * whose body is the error component of each code answered with that status. Headers: every
 * response carries x-request-id; every response after API-key authentication carries the
 * rate-limit headers, the API shape of 429 retry-after; every dashboard response cache-control.
 */
const header = (description: string, schema: JsonSchema, required = true): JsonSchema => ({ description, required, schema });

export const headerComponents: Record<string, JsonSchema> = {
  XRequestId: header('The request id, also on every log line of the request: quote it to support.', { type: 'string' }),
  XRateLimitLimit: header('Requests allowed per window for this API key.', { type: 'integer', minimum: 1 }),
  XRateLimitRemaining: header('Requests left in the current window.', { type: 'integer', minimum: 0 }),
  XRateLimitReset: header('When the current window ends (unix seconds).', { type: 'integer', minimum: 0 }),
  RetryAfter: header('Seconds to wait before retrying (same as retry_after).', { type: 'integer', minimum: 1 }),
  RetryAfterApiShape: header('With retry_after only (not the platform spacing): seconds to wait.', { type: 'integer', minimum: 1 }, false),
  IdempotentReplayed: header('Present on a replay of an earlier response (idempotency-key).', { type: 'string', const: 'true' }, false),
  Location: header('Where the browser goes next.', { type: 'string', format: 'uri' }),
  NoStore: header('Never cached (the response or its URL carries secrets).', { type: 'string', const: 'no-store' }),
  ReferrerPolicy: header('The URL carried a code and a state: never sent as a Referer.', { type: 'string', const: 'no-referrer' }),
  SetSessionCookie: header('The session cookie (__Host-: HttpOnly, Secure, SameSite=Lax, Path=/; Max-Age=0 clears it).', {
    type: 'string',
  }),
  RefreshedSessionCookie: header('The session cookie again when its idle expiry slid forward.', { type: 'string' }, false),
  SetOAuthNonceCookie: header("The browser's OAuth nonce cookie (__Host-sps_oauth: HttpOnly, Secure, SameSite=Lax, Path=/, 10 minutes).", {
    type: 'string',
  }),
};

/** Header names as they appear on the wire → their component. */
const HEADER_COMPONENT: Record<string, string> = {
  'x-request-id': 'XRequestId',
  'x-ratelimit-limit': 'XRateLimitLimit',
  'x-ratelimit-remaining': 'XRateLimitRemaining',
  'x-ratelimit-reset': 'XRateLimitReset',
  'retry-after': 'RetryAfter',
  'idempotent-replayed': 'IdempotentReplayed',
  location: 'Location',
  'cache-control': 'NoStore',
  'referrer-policy': 'ReferrerPolicy',
  'set-cookie': 'SetSessionCookie',
  'set-cookie-oauth': 'SetOAuthNonceCookie',
};

function headersOf(names: string[], overrides: Record<string, string> = {}): JsonSchema {
  return Object.fromEntries(
    [...new Set(names)].map((name) => {
      const component = overrides[name] ?? HEADER_COMPONENT[name];
      if (!component) throw new Error(`OpenAPI: unknown response header ${name}`);
      return [name === 'set-cookie-oauth' ? 'set-cookie' : name, { $ref: `#/components/headers/${component}` }];
    }),
  );
}

const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
/** The public API's key and the dashboard's session both count requests in the API's window. */
const isRateLimited = (auth: string): boolean => auth === 'api-key' || auth === 'session';

export interface ResponseContext {
  doc: OperationDoc;
  /** Error codes of the operation, in catalog order. */
  codes: ErrorCode[];
  /** The route's auth: 'api-key', 'session' or 'none'. */
  auth: string;
}

/** The shapes of RATE_LIMIT_EXCEEDED the operation answers. */
function rateLimitShapes({ doc, auth }: ResponseContext): Set<'api' | 'platform'> {
  const shapes = new Set<'api' | 'platform'>(isRateLimited(auth) ? ['api'] : []);
  if (doc.errors.includes('RATE_LIMIT_EXCEEDED')) (doc.rateLimitVariants ?? ['platform']).forEach((shape) => shapes.add(shape));
  return shapes;
}

function errorResponse(status: number, codes: ErrorCode[], context: ResponseContext): JsonSchema {
  const shapes = rateLimitShapes(context);
  const schemaName = (code: ErrorCode) =>
    code === 'RATE_LIMIT_EXCEEDED' && shapes.size === 1 ? RATE_LIMIT_SCHEMAS[[...shapes][0]] : errorSchemaName(code);
  const refs = codes.map((code) => ref(schemaName(code)));
  const examples = Object.fromEntries(
    codes.flatMap((code) => exampleNamesOf(code, schemaName(code)).map((name) => [name, { $ref: `#/components/examples/${name}` }])),
  );
  const names = ['x-request-id', ...(context.auth === 'session' ? ['cache-control'] : [])];
  // Authentication failures (401; the dashboard's 403) come before the rate limit; a 500 may come from anywhere.
  if (isRateLimited(context.auth) && status !== 401 && status !== 403 && status !== 500) names.push(...RATE_LIMIT_HEADERS);
  if (status === 429 && shapes.has('api')) names.push('retry-after');
  return {
    description: codes.join(', '),
    headers: headersOf(names, shapes.size > 1 ? { 'retry-after': 'RetryAfterApiShape' } : {}),
    content: { 'application/json': { schema: refs.length === 1 ? refs[0] : { oneOf: refs }, examples } },
  };
}

function successHeaders({ doc, auth }: ResponseContext): JsonSchema {
  const names = [
    'x-request-id',
    ...(isRateLimited(auth) ? RATE_LIMIT_HEADERS : []),
    ...(auth === 'session' ? ['cache-control', 'set-cookie'] : []),
    ...(doc.idempotent ? ['idempotent-replayed'] : []),
    ...(doc.success.headers ?? []),
  ];
  // A session route sets the cookie only when the session's expiry slid; sign-in and sign-out always do.
  const cookieAlways = (doc.success.headers ?? []).includes('set-cookie');
  return headersOf(names, auth === 'session' && !cookieAlways ? { 'set-cookie': 'RefreshedSessionCookie' } : {});
}

/** The responses object of an operation, keyed by status in ascending order. */
export function responsesOf(context: ResponseContext): JsonSchema {
  const { doc } = context;
  const responses: Record<string, JsonSchema> = {};
  responses[String(doc.success.status)] = {
    description: doc.success.description,
    headers: successHeaders(context),
    ...(doc.success.schema
      ? {
          content: {
            'application/json': {
              schema: ref(doc.success.schema),
              ...(doc.success.example === undefined ? {} : { example: doc.success.example }),
            },
          },
        }
      : {}),
  };
  if (doc.redirect) {
    responses[String(doc.redirect.status)] = {
      description: doc.redirect.description,
      headers: headersOf(['x-request-id', ...doc.redirect.headers]),
    };
  }
  if (doc.page) {
    responses[String(doc.page.status)] = {
      description: doc.page.description,
      headers: headersOf(['x-request-id', ...doc.page.headers]),
      content: { 'text/html': { schema: { type: 'string' } } },
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of context.codes) {
    const status = errorCatalog[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of byStatus) responses[String(status)] = errorResponse(status, codes, context);
  for (const status of doc.oauthErrors ?? []) {
    if (responses[String(status)]) throw new Error(`OpenAPI: status ${status} answers both API and OAuth errors`);
    responses[String(status)] = {
      description: 'An OAuth error (RFC 6749 section 5.2).',
      headers: headersOf(['x-request-id', 'cache-control']),
      content: { 'application/json': { schema: ref('OAuthError') } },
    };
  }
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
}
