/**
 * When a failed delivery is tried again (docs/api.md, "Webhooks"): after about 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h, each with ±10 % jitter so that endpoints that failed together (an
 * outage) are not all hit again in the same second. Eight attempts in all, over about 27.5 h.
 */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const RETRY_JITTER = 0.1;

/** The wait before attempt `failedAttempt + 1`, or undefined when `failedAttempt` was the last. */
export function retryDelayMs(failedAttempt: number, random: () => number = Math.random): number | undefined {
  const base = RETRY_DELAYS_MS[failedAttempt - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()));
}
