import type { Context } from 'aws-lambda';
import { withLogScope } from '#shared/logger';
import { collectActiveProfiles } from '#shared/use-cases/inbox/collect';

/**
 * The inbox's scheduled round (an EventBridge Scheduler rate schedule every 5 minutes; locally the
 * local scheduler's recurring job): collects every profile with a publication in the last 30 days.
 * A profile's platform failure is logged and retried next round (its cursor kept); only a store
 * failure fails the invocation, and the next round starts over anyway.
 */
export async function handler(_event: unknown, context: Context): Promise<{ collected: number; left: number }> {
  return withLogScope({ request_id: context.awsRequestId, operation: 'collect-inbox' }, () => collectActiveProfiles());
}
