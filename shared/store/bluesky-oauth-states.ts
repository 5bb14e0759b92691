import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { TTL_ATTRIBUTE, isExpired, toEpochSeconds } from './table';

/**
 * The atproto OAuth client's pending authorizations (its "state store"): one item per
 * authorization the service started at a user's PDS, keyed by the library's random state, holding
 * the library's data sealed (PKCE verifier, DPoP key) beside whose account it is and our own
 * browser-bound state's hash (docs/decisions/0292-bluesky-oauth-sessions-in-the-table-under-a-lock.md).
 * It lives as long as the PDS keeps the pushed request (5 minutes); DynamoDB's TTL removes
 * abandoned ones eventually, and the expiry is checked in code.
 */
export interface BlueskyPendingAuthorization {
  sealed: string;
  accountId: string;
  appState: string | undefined;
}

const key = (stateKey: string) => ({ pk: `BSKYOAUTHSTATE#${stateKey}`, sk: 'BSKYOAUTHSTATE' });

export async function putBlueskyPendingAuthorization(
  stateKey: string,
  record: BlueskyPendingAuthorization,
  expiresAt: Date,
): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...key(stateKey),
        type: 'bluesky_oauth_state',
        sealed: record.sealed,
        account_id: record.accountId,
        ...(record.appState === undefined ? {} : { app_state: record.appState }),
        [TTL_ATTRIBUTE]: toEpochSeconds(expiresAt),
      },
    }),
  );
}

export async function getBlueskyPendingAuthorization(
  stateKey: string,
  now: Date = new Date(),
): Promise<BlueskyPendingAuthorization | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key(stateKey), ConsistentRead: true }));
  if (!Item || isExpired(Item, now)) return undefined;
  return { sealed: Item.sealed as string, accountId: Item.account_id as string, appState: Item.app_state as string | undefined };
}

export async function deleteBlueskyPendingAuthorization(stateKey: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: key(stateKey) }));
}
