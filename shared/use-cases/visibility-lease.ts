import { logger } from '#shared/logger';

/**
 * How long a publish-queue record stays hidden from other invocations while its run lives: the
 * run renews it every third of that. A run the runtime kills (a timeout, out of memory) renews
 * nothing more, so its records are visible again within this many seconds, not after the queue's
 * visibility timeout (6 x the publisher's timeout: 18 minutes), and a crash holds no batch-mate
 * back (docs/decisions/0172-publish-records-leased-not-held.md).
 */
export const LEASE_SECONDS = 30;
export const RENEW_EVERY_MS = (LEASE_SECONDS * 1000) / 3;

/** Changes a received record's visibility (the publish queue port's holdFor). */
export type SetVisibility = (receiptHandle: string, seconds: number) => Promise<void>;

export interface VisibilityLease {
  /** Stops renewing and waits for a change under way, so a later change (the retry's delay) is the last word. */
  release(): Promise<void>;
}

/**
 * Hides the record for LEASE_SECONDS now and again every RENEW_EVERY_MS until released. A change
 * that fails is logged and tried again at the next renewal: the worst case is a second run of the
 * record, which the store's claims make harmless (no platform is published twice).
 */
export function leaseVisibility(receiptHandle: string, setVisibility: SetVisibility): VisibilityLease {
  let pending: Promise<void> = Promise.resolve();
  let released = false;
  const renew = () => {
    pending = pending
      .then(() => (released ? undefined : setVisibility(receiptHandle, LEASE_SECONDS)))
      .catch((error: unknown) => logger.warn('record visibility not renewed; tried again shortly', { error: error as Error }));
  };
  renew();
  const timer = setInterval(renew, RENEW_EVERY_MS);
  timer.unref();
  return {
    release: async () => {
      released = true;
      clearInterval(timer);
      await pending;
    },
  };
}
