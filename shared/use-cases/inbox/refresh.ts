import { DomainError } from '#shared/domain/errors';
import { INBOX_REFRESH_INTERVAL_MS } from '#shared/domain/inbox';
import { clock } from '#shared/ports/clock';
import { claimInboxRefresh } from '#shared/store/inbox-collection';
import { collectAccount } from './collect';

/**
 * POST /inbox/refresh: every connected profile of the account collected now, at most once a minute
 * per account (429 RATE_LIMIT_EXCEEDED with retry_after, as the API's own limit answers). The
 * collection runs within the request (a round reads a few pages per profile), so the items are
 * there when it answers 202 with how many were new.
 */
export async function refreshInbox(accountId: string): Promise<{ received: number }> {
  const now = clock.now();
  const claim = await claimInboxRefresh(accountId, now, new Date(now.getTime() - INBOX_REFRESH_INTERVAL_MS));
  if (!claim.claimed) {
    const wait = Math.max(1, Math.ceil((Date.parse(claim.lastAt) + INBOX_REFRESH_INTERVAL_MS - now.getTime()) / 1000));
    throw new DomainError(
      'RATE_LIMIT_EXCEEDED',
      { retry_after: wait },
      {
        message: `Rate limit exceeded. The inbox is refreshed at most once a minute; try again in ${wait} seconds`,
        retryAfterSeconds: wait,
      },
    );
  }
  return { received: (await collectAccount(accountId)).length };
}
