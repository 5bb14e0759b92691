import { config } from '#shared/config';
import { API_KEY_PATTERN, hashApiKey } from '#shared/domain/api-key-values';
import { clock } from '#shared/ports/clock';
import { touchApiKey } from '#shared/store/api-keys';
import { countRequest } from '#shared/store/rate-limits';
import { DomainError } from '#shared/domain/errors';
import { batchCreationScope, postCreationScope, sameScope, type CallScope } from '#shared/domain/call-scopes';
import { scopeAllows, type KeyScope } from '#shared/domain/key-scopes';
import { operationRuntime as operations } from '#shared/api/runtime.gen';
import { scopeToChangePost } from '#shared/use-cases/post-scope';
import { authenticateAccessToken, isAccessToken } from '#shared/use-cases/oauth/access-token-auth';
import { mcpChallenge } from '#shared/oauth/metadata';
import { MAX_BODY_BYTES } from './json-body';
import { handedOverCaller } from './handed-over-caller';
import type { HttpEvent, HttpMiddleware } from './types';

/**
 * The least scope of an operation, from the manifest (shared/api/manifest.ts). An api-key
 * operation without a scope there (none today) needs admin: a scope forgotten fails closed.
 */
export function requiredScopeOf(operation: string): KeyScope {
  return operations[operation]?.scope ?? 'admin';
}

/**
 * The body as far as it can be read before the body middleware, for the scope check only: never
 * an error here (an unreadable body is undefined, and the body middleware answers it later).
 */
function lenientBody(event: HttpEvent): unknown {
  if (!event.body) return undefined;
  const bytes = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes.length > MAX_BODY_BYTES) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

type CallScopeRule = (event: HttpEvent, accountId: string, least: KeyScope) => CallScope | Promise<CallScope>;

/**
 * Operations whose call needs more than the route's least scope depending on what is asked
 * (docs/api.md, "Key scopes"; docs/decisions/0151-required-scope-of-the-call.md): a post or a
 * draft, by the body; an edit or a deletion, by the post's status. Asked only of keys below
 * `write`, the most any of them needs, so other keys pay nothing for it.
 */
const CALL_SCOPES: Record<string, CallScopeRule> = {
  'create-post': (event, _account, least) => postCreationScope(lenientBody(event), least),
  'create-posts-batch': (event, _account, least) => batchCreationScope(lenientBody(event), least),
  'edit-post': (event, accountId, least) => scopeToChangePost(accountId, event.pathParameters?.id, least),
  'delete-post': (event, accountId, least) => scopeToChangePost(accountId, event.pathParameters?.id, least),
};

/** What this call needs of the key: the route's least scope, or what the call asks for (CALL_SCOPES). */
async function callScope(operation: string, least: KeyScope, held: KeyScope, event: HttpEvent, accountId: string): Promise<CallScope> {
  const rule = CALL_SCOPES[operation];
  if (!rule || scopeAllows(held, 'write')) return sameScope(least);
  return rule(event, accountId, least);
}

/**
 * The API key a request carries: `x-api-key`, or, where the endpoint takes it (the MCP endpoint,
 * docs/api.md, "MCP"), `Authorization: Bearer <key>`; x-api-key wins when both are sent.
 */
export function apiKeyOf(headers: Record<string, string | undefined> | undefined, bearer = false): string | undefined {
  const value = headers?.['x-api-key']?.trim();
  if (value || !bearer) return value;
  return /^Bearer\s+(\S+)\s*$/i.exec(headers?.authorization ?? '')?.[1];
}

/**
 * API-key authentication, the per-key API rate limit and the key's scope (docs/api.md, "Key
 * scopes": checked after the key and the rate limit, before the body is read). The API rate limit (fixed window, docs/api.md, "Authentication and rate limit"), in
 * one conditional write on the key's item (shared/store/rate-limits.ts). A malformed key is
 * refused without a store call; a deleted key fails at once: nothing is cached.
 */
export function apiKeyAuth(operation: string, options: { bearer?: boolean } = {}): HttpMiddleware {
  const requiredScope = requiredScopeOf(operation);
  const { requests: limit, windowSeconds } = config.rateLimit;
  // The one scope check, whichever way the caller was authenticated.
  // required_scope names what THIS call needs (docs/decisions/0151-required-scope-of-the-call.md), so that a
  // key of that scope gets it done.
  const requireScope = async (scope: KeyScope, event: HttpEvent, accountId: string): Promise<void> => {
    const needed = await callScope(operation, requiredScope, scope, event, accountId);
    if (!scopeAllows(scope, needed.refuseBelow)) throw new DomainError('INSUFFICIENT_SCOPE', { required_scope: needed.required });
  };
  return {
    before: async (request) => {
      const state = request.context.state;
      // An operation run inside an MCP request: that request was authenticated and counted once, and
      // its caller comes with the context; the operation's own scope check still applies.
      const caller = handedOverCaller(request.context);
      if (caller) {
        Object.assign(state, {
          accountId: caller.accountId,
          apiKeyId: caller.apiKeyId,
          apiKeyName: caller.apiKeyName,
          scope: caller.scope,
          ...(caller.connection ? { oauth: caller.connection } : {}),
        });
        await requireScope(caller.scope, request.event, caller.accountId);
        return;
      }
      // Where a bearer is taken (the MCP endpoint, the OAuth protected resource), every 401 says where
      // its metadata is (RFC 9728 section 5.1); the body stays the API's error.
      const challenge = options.bearer ? mcpChallenge(config.publicBaseUrl) : undefined;
      if (challenge) state.responseHeaders['www-authenticate'] = challenge;
      const value = apiKeyOf(request.event.headers, options.bearer);
      if (!value) throw new DomainError('MISSING_API_KEY');
      const tokenGiven = options.bearer === true && isAccessToken(value);
      if (!tokenGiven && !API_KEY_PATTERN.test(value)) throw new DomainError('INVALID_API_KEY');
      const now = clock.now();
      const nowSeconds = now.getTime() / 1000;
      const windowStart = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
      const resetAt = windowStart + windowSeconds;
      let count: number;
      if (tokenGiven) {
        // An OAuth access token acts as a key of its granted scope, counted in its connection's window
        // (docs/decisions/0204-oauth-tokens-at-mcp-only.md).
        const token = await authenticateAccessToken(value, windowStart, now);
        if (!token) throw new DomainError('INVALID_API_KEY');
        Object.assign(state, {
          accountId: token.accountId,
          scope: token.scope,
          oauth: { connectionId: token.connectionId, clientName: token.clientName },
        });
        count = token.count;
      } else {
        // One write both finds the key (by its hash) and counts the request.
        const key = await countRequest(hashApiKey(value), windowStart);
        if (!key) throw new DomainError('INVALID_API_KEY');
        state.accountId = key.account_id;
        state.apiKeyId = key.key_id;
        state.apiKeyName = key.name;
        state.scope = key.scope;
        count = key.count;
        // last_used_at is kept to the window: one extra write per key and window, not per request.
        if (count === 1) await touchApiKey(key.account_id, key.key_id, now.toISOString());
      }
      if (challenge) delete state.responseHeaders['www-authenticate'];
      state.responseHeaders['x-ratelimit-limit'] = String(limit);
      state.responseHeaders['x-ratelimit-remaining'] = String(Math.max(0, limit - count));
      state.responseHeaders['x-ratelimit-reset'] = String(resetAt);
      if (count > limit) {
        const retryAfter = Math.max(1, Math.ceil(resetAt - nowSeconds));
        throw new DomainError('RATE_LIMIT_EXCEEDED', { retry_after: retryAfter }, { retryAfterSeconds: retryAfter });
      }
      await requireScope(state.scope!, request.event, state.accountId!);
    },
  };
}
