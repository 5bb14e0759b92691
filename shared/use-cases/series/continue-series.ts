import { logger } from '#shared/logger';
import { advanceSeries } from './advance-series';

/**
 * The publisher's hook: after an occurrence is published (or failed), its series' next occurrence
 * is made at once. A failure here never fails the publication: the series tick makes it later.
 */
export async function continueSeries(accountId: string, seriesId: string): Promise<void> {
  try {
    await advanceSeries(accountId, seriesId);
  } catch (error) {
    logger.warn('series not advanced after its occurrence; the series tick will', { series_id: seriesId, error: error as Error });
  }
}
