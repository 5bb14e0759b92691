import type { Context } from 'aws-lambda';
import { withLogScope } from '#shared/logger';
import { announceExpiringProfiles } from '#shared/use-cases/webhooks/expiring-profiles';

/**
 * The daily sweep's target (a recurring EventBridge Scheduler schedule; locally the local
 * scheduler): announces LinkedIn tokens that expire within 7 days, once per token. An error
 * fails the invocation: Scheduler retries, and tomorrow's sweep finds what is left.
 */
export async function handler(_event: unknown, context: Context): Promise<{ announced: number }> {
  return withLogScope({ request_id: context.awsRequestId, operation: 'sweep-expiring-profiles' }, async () => ({
    announced: await announceExpiringProfiles(),
  }));
}
