import type { Context } from 'aws-lambda';
import { withLogScope } from '#shared/logger';
import { runSeriesTick } from '#shared/use-cases/series/series-tick';

/**
 * The series tick's target (a recurring EventBridge Scheduler schedule every 5 minutes; locally the
 * local scheduler on the clock port): makes series occurrences now due and recycles evergreen posts.
 * Nothing waits here: a run that fails is retried by Scheduler, and the next run finds what is left.
 */
export async function handler(_event: unknown, context: Context): Promise<{ advanced: number; recycled: number; failed: number }> {
  return withLogScope({ request_id: context.awsRequestId, operation: 'tick-series' }, () => runSeriesTick());
}
