import { createHash, randomBytes } from 'node:crypto';

/**
 * API key values: `sk_` + 43 base64url characters (32 random bytes). Only the SHA-256 hash
 * is stored; a lookup by hash is a constant-time comparison by construction (the store
 * compares digests of secrets, never the secrets themselves).
 */
export const API_KEY_PATTERN = /^sk_[A-Za-z0-9_-]{43}$/;

export function generateApiKeyValue(): string {
  return `sk_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('base64url');
}

/** What lists may show of a key: enough to recognise it, too little to use it. */
export const apiKeyPrefix = (value: string): string => value.slice(0, 7);
