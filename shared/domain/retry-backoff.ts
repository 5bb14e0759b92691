/**
 * Exponential backoff with full jitter: attempt n waits a random time up to base·2^(n-1),
 * capped, or what the platform asked for (Retry-After), also capped.
 */
export function backoffDelayMs(
  attempt: number,
  settings: { baseDelayMs: number; maxDelayMs: number },
  retryAfterSeconds?: number,
  random: () => number = Math.random,
): number {
  if (retryAfterSeconds !== undefined) return Math.min(retryAfterSeconds * 1000, settings.maxDelayMs);
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}
