import type { PublishOutcome } from '#shared/platforms/publisher';
import { describeFailure, retryAfterSeconds, type FailureKind } from './errors';

/**
 * How a reply the service writes under a post (a first comment, an answer from the inbox) reports
 * a failure: the same outcome for the same kind of failure, whichever of them it was.
 */
export const replyAuthExpired = (): PublishOutcome => ({
  ok: false,
  code: 'PLATFORM_AUTH_EXPIRED',
  message: 'Bluesky no longer accepts the app password (revoked or expired); reconnect the Bluesky profile',
  retryable: false,
});

export function replyFailure(kind: FailureKind, error: unknown): PublishOutcome {
  if (kind === 'auth') return replyAuthExpired();
  if (kind === 'rejected' || kind === 'forbidden')
    return { ok: false, code: 'PLATFORM_REJECTED', message: `Bluesky refused the reply: ${describeFailure(error)}`, retryable: false };
  return {
    ok: false,
    code: 'PLATFORM_UNAVAILABLE',
    message: `Bluesky is unavailable: ${describeFailure(error)}`,
    retryable: true,
    retryAfterSeconds: retryAfterSeconds(error, new Date()),
  };
}
