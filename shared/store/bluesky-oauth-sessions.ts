import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { accountKey } from './accounts';
import { db, tableName } from './client';

/**
 * Each Bluesky OAuth profile's session (the DPoP key and the token set), sealed by the secret box,
 * in the account's partition beside its profile: one item per account and DID, so two accounts that
 * connect the same Bluesky identity keep separate grants. Written by the OAuth client when it
 * connects or refreshes, always under the session's lock (shared/store/bluesky-oauth-locks.ts).
 */
const key = (accountId: string, did: string) => ({ pk: accountKey(accountId).pk, sk: `BSKYOAUTHSESSION#${did}` });

export async function getBlueskyOAuthSession(accountId: string, did: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key(accountId, did), ConsistentRead: true }));
  return Item?.sealed as string | undefined;
}

export async function putBlueskyOAuthSession(accountId: string, did: string, sealed: string): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: { ...key(accountId, did), type: 'bluesky_oauth_session', sealed } }));
}

export async function deleteBlueskyOAuthSession(accountId: string, did: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: key(accountId, did) }));
}
