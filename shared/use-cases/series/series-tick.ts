import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { recyclingAccounts } from '#shared/store/queue';
import { dueSeries } from '#shared/store/series';
import { advanceSeries } from './advance-series';
import { recycleEvergreen } from './recycle-evergreen';

/**
 * The series tick (docs/decisions/0263-series-advance-on-due-and-by-a-tick.md): a recurring run (an
 * EventBridge Scheduler rate in AWS, the local scheduler's `every` on the clock port locally) that
 * makes every series occurrence now due which the publisher's hook did not (the one after a skipped
 * occurrence, a hook that failed), then recycles evergreen posts for each account whose queue asks.
 * Each account's work is its own: one failing is logged and the others go on; the next run retries.
 */
export async function runSeriesTick(): Promise<{ advanced: number; recycled: number; failed: number }> {
  let advanced = 0;
  let recycled = 0;
  let failed = 0;
  for (const { accountId, seriesId } of await dueSeries(clock.now())) {
    try {
      await advanceSeries(accountId, seriesId);
      advanced += 1;
    } catch (error) {
      failed += 1;
      logger.error('series not advanced by the tick', { series_id: seriesId, error: error as Error });
    }
  }
  for (const accountId of await recyclingAccounts()) {
    try {
      if (await recycleEvergreen(accountId)) recycled += 1;
    } catch (error) {
      failed += 1;
      logger.error('evergreen recycling failed', { account_id: accountId, error: error as Error });
    }
  }
  return { advanced, recycled, failed };
}
