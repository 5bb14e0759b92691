import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { accountKey } from './accounts';
import { isExpired, toEpochSeconds, TTL_ATTRIBUTE } from './table';

/**
 * The LinkedIn pages a profile's member administers, as LinkedIn last listed them (docs/api.md,
 * "LinkedIn pages"): one item per profile beside the account, so every container shares it and a
 * loop of GET /profiles/{id}/authors asks LinkedIn once per lifetime, whatever the number of
 * containers (docs/decisions/0155-linkedin-pages-cached-in-the-table.md). Tied to the connection
 * it was read with (`connected_at`): a reconnected profile is read afresh.
 */
export interface CachedPage {
  id: string;
  name: string | null;
}

export const linkedInPagesKey = (accountId: string, profileId: string) => ({
  pk: accountKey(accountId).pk,
  sk: `LINKEDINPAGES#${profileId}`,
});

/** The cached pages of this connection, or undefined when none are cached, they are of another connection, or expired. */
export async function getCachedPages(
  accountId: string,
  profileId: string,
  connectedAt: string,
  now: Date,
): Promise<CachedPage[] | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: linkedInPagesKey(accountId, profileId) }));
  if (!Item || Item.connected_at !== connectedAt || isExpired(Item, now)) return undefined;
  return (Item.pages as CachedPage[] | undefined) ?? [];
}

/** Keeps what LinkedIn listed until `expiresAt`. */
export async function putCachedPages(
  accountId: string,
  profileId: string,
  connectedAt: string,
  pages: readonly CachedPage[],
  expiresAt: Date,
): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...linkedInPagesKey(accountId, profileId),
        type: 'linkedin_pages_cache',
        connected_at: connectedAt,
        pages: pages.map(({ id, name }) => ({ id, name })),
        [TTL_ATTRIBUTE]: toEpochSeconds(expiresAt),
      },
    }),
  );
}
