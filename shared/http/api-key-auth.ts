import { config } from '#shared/config';
import { API_KEY_PATTERN, hashApiKey } from '#shared/domain/api-key-values';
import { clock } from '#shared/ports/clock';
import { touchApiKey } from '#shared/store/api-keys';
import { countRequest } from '#shared/store/rate-limits';
import { DomainError } from '#shared/domain/errors';
import type { HttpMiddleware } from './types';

/**
 * API-key authentication and the per-key API rate limit (fixed window, docs/api.md, "Authentication and rate limit"), in
 * one conditional write on the key's item (shared/store/rate-limits.ts). A malformed key is
 * refused without a store call; a deleted key fails at once: nothing is cached.
 */
export function apiKeyAuth(): HttpMiddleware {
  const { requests: limit, windowSeconds } = config.rateLimit;
  return {
    before: async (request) => {
      const state = request.context.state;
      const value = request.event.headers?.['x-api-key']?.trim();
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
    },
  };
}
