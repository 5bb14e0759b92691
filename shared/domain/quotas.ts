import { DomainError } from './errors';

/**
 * What an account may hold of what every account shares (docs/api.md, "Quotas";
 * docs/decisions/0153-quotas-on-what-is-shared.md): keys, webhook endpoints, and uploads declared
 * but not yet completed. Each is refused at its limit with 409 QUOTA_EXCEEDED, `quota` and `limit`.
 */
export type Quota = 'keys' | 'webhooks' | 'pending_media';

/** The account's limits (shared/config.ts reads them: QUOTA_KEYS, QUOTA_WEBHOOKS, QUOTA_PENDING_MEDIA, QUOTA_PENDING_MEDIA_BYTES). */
export interface QuotaLimits {
  keys: number;
  webhooks: number;
  pendingMedia: number;
  pendingMediaBytes: number;
}

const HOW_TO_FREE: Record<Quota, string> = {
  keys: 'delete a key you no longer use (DELETE /keys/{id}) first',
  webhooks: 'delete an endpoint you no longer use (DELETE /webhooks/{id}) first',
  pending_media:
    'complete an upload (POST /media/{id}/complete) or delete one (DELETE /media/{id}) first; an upload never completed frees its place when it expires, 24 hours after it was declared',
};

const WHAT: Record<Quota, (limit: number) => string> = {
  keys: (limit) => `at most ${limit} API keys`,
  webhooks: (limit) => `at most ${limit} webhook endpoints`,
  pending_media: (limit) => `at most ${limit} uploads declared and not yet completed`,
};

/** 409 QUOTA_EXCEEDED: which quota, its limit, and in the message how to free a place. */
export function quotaExceeded(quota: Quota, limit: number): DomainError {
  return new DomainError(
    'QUOTA_EXCEEDED',
    { quota, limit },
    { message: `Quota exceeded: an account has ${WHAT[quota](limit)}; ${HOW_TO_FREE[quota]}` },
  );
}

/** The pending uploads' byte cap: `limit` is then in bytes (the message says so). */
export function pendingBytesExceeded(limitBytes: number): DomainError {
  return new DomainError(
    'QUOTA_EXCEEDED',
    { quota: 'pending_media', limit: limitBytes },
    {
      message: `Quota exceeded: an account's uploads declared and not yet completed total at most ${limitBytes} bytes of declared size_bytes (limit is in bytes here); ${HOW_TO_FREE.pending_media}`,
    },
  );
}
