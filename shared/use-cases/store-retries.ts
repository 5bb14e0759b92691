import { isTransientDependencyError } from '#shared/store/dependency-errors';
import { logger } from '#shared/logger';
import { isConflictOnly } from '#shared/store/transaction-errors';

const ATTEMPTS = 5;
const BASE_DELAY_MS = 100;

/**
 * Repeats a store write that failed for a passing reason (throttled, the store's own 5xx, a
 * timeout, a transaction conflict) after the SDK's own retries gave up: a few more tries over
 * about three seconds. For the publisher's writes around a platform call, where giving up is
 * dear: a claim left unanswered blocks the platform until its lease ends, and a result left
 * unrecorded turns a known LinkedIn post into an unknown outcome. Every write given here must be
 * safe to repeat (conditional on the run's own claim, or a transaction with its request token).
 */
export async function withStoreRetries<T>(operation: string, write: () => Promise<T>, sleep = defaultSleep): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransientDependencyError(error)) throw error;
      const delayMs = Math.floor(Math.random() * BASE_DELAY_MS * 2 ** attempt);
      logger.warn('store write failed for a passing reason; trying again', {
        operation,
        attempt,
        delay_ms: delayMs,
        error_name: (error as Error).name,
      });
      await sleep(delayMs);
    }
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An attempt that read a post and found, on writing, that it had changed meanwhile: read again. */
export class StaleRead extends Error {}

/**
 * Runs a read-plan-write attempt again when it lost a race: its transaction was cancelled only by
 * a conflict with another one on the same items (real DynamoDB cancels both ways; nothing was
 * written), or the attempt threw StaleRead. Each attempt reads afresh; a short random pause
 * (growing with the attempt) separates the racers. After `attempts` tries the last error goes
 * out, a StaleRead as a plain Error saying `staleMessage`.
 */
export async function retryOnConflict<T>(
  attempts: number,
  staleMessage: string,
  attempt: () => Promise<T>,
  sleep = defaultSleep,
): Promise<T> {
  for (let tried = 1; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      const conflict = error instanceof StaleRead || isConflictOnly(error);
      if (!conflict || tried >= attempts) throw error instanceof StaleRead ? new Error(staleMessage) : error;
      await sleep(Math.random() * 20 * tried);
    }
  }
}
