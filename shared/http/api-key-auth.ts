import { config } from '#shared/config';
import { API_KEY_PATTERN, hashApiKey } from '#shared/domain/api-key-values';
import { clock } from '#shared/ports/clock';
import { touchApiKey } from '#shared/store/api-keys';
import { countRequest } from '#shared/store/rate-limits';
import { DomainError } from '#shared/domain/errors';
import { scopeAllows, type KeyScope } from '#shared/domain/key-scopes';
import { operationRuntime as operations } from '#shared/api/runtime.gen';
import { handedOverCaller } from './handed-over-caller';
import type { HttpMiddleware } from './types';

/**
 * The least scope of an operation, from the manifest (shared/api/manifest.ts). An api-key
 * operation without a scope there (none today) needs admin: a scope forgotten fails closed.
 */
export function requiredScopeOf(operation: string): KeyScope {
  return operations[operation]?.scope ?? 'admin';
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
  const requireScope = (scope: KeyScope): void => {
    if (!scopeAllows(scope, requiredScope)) throw new DomainError('INSUFFICIENT_SCOPE', { required_scope: requiredScope });
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
        });
        requireScope(caller.scope);
        return;
      }
      const value = apiKeyOf(request.event.headers, options.bearer);
      if (!value) throw new DomainError('MISSING_API_KEY');
      if (!API_KEY_PATTERN.test(value)) throw new DomainError('INVALID_API_KEY');
      const now = clock.now();
      const nowSeconds = now.getTime() / 1000;
      const windowStart = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
      const resetAt = windowStart + windowSeconds;
      // One write both finds the key (by its hash) and counts the request.
      const key = await countRequest(hashApiKey(value), windowStart);
      if (!key) throw new DomainError('INVALID_API_KEY');
      state.accountId = key.account_id;
      state.apiKeyId = key.key_id;
      state.apiKeyName = key.name;
      state.scope = key.scope;
      const { count } = key;
      state.responseHeaders['x-ratelimit-limit'] = String(limit);
      state.responseHeaders['x-ratelimit-remaining'] = String(Math.max(0, limit - count));
      state.responseHeaders['x-ratelimit-reset'] = String(resetAt);
      // last_used_at is kept to the window: one extra write per key and window, not per request.
      if (count === 1) await touchApiKey(key.account_id, key.key_id, now.toISOString());
      if (count > limit) {
        const retryAfter = Math.max(1, Math.ceil(resetAt - nowSeconds));
        throw new DomainError('RATE_LIMIT_EXCEEDED', { retry_after: retryAfter }, { retryAfterSeconds: retryAfter });
      }
      requireScope(key.scope);
    },
  };
}
