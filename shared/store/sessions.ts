import { createHash, randomBytes } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { GSI1, isExpired, toEpochSeconds, TTL_ATTRIBUTE } from './table';
import { isConditionFailure } from './transaction-errors';

/**
 * Dashboard sessions (docs/api.md, "Dashboard"). The id is 256 random bits held only by the
 * browser (an HttpOnly cookie); the table keeps its SHA-256, so a table read yields no usable
 * session. Idle expiry of 12 hours, sliding: the TTL moves forward when the session is used,
 * at most once per REFRESH_SECONDS so a busy page does not write on every request. The
 * account's sessions are listed through gsi1 to end them all when the password changes.
 */
export const IDLE_SECONDS = 12 * 60 * 60;
export const REFRESH_SECONDS = 5 * 60;

/** 32 random bytes, base64url: 43 characters. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newSessionId = (): string => randomBytes(32).toString('base64url');
export const hashSessionId = (id: string): string => createHash('sha256').update(id, 'utf8').digest('base64url');

/**
 * The CSRF token bound to a session: derived from its secret id (one way), so it needs no
 * storage, differs from the stored hash, and is worthless without the cookie it belongs to.
 */
export const csrfTokenFor = (id: string): string => createHash('sha256').update(`csrf:${id}`, 'utf8').digest('base64url');

export interface Session {
  account_id: string;
  created_at: string;
  /** Epoch seconds of the last refresh of the idle expiry. */
  last_seen: number;
  [TTL_ATTRIBUTE]: number;
}

export const sessionKey = (hash: string) => ({ pk: `SESSION#${hash}`, sk: 'SESSION' });
const accountSessionsKey = (accountId: string) => `ACCOUNT#${accountId}#SESSIONS`;

export async function putSession(hash: string, accountId: string, now: Date): Promise<void> {
  const nowSeconds = toEpochSeconds(now);
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...sessionKey(hash),
        type: 'session',
        gsi1pk: accountSessionsKey(accountId),
        gsi1sk: now.toISOString(),
        account_id: accountId,
        created_at: now.toISOString(),
        last_seen: nowSeconds,
        [TTL_ATTRIBUTE]: nowSeconds + IDLE_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The live session behind a hash; a signed-out or idle-expired one is undefined. */
export async function getSession(hash: string, now: Date): Promise<Session | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: sessionKey(hash), ConsistentRead: true }));
  if (!Item || isExpired(Item, now)) return undefined;
  return Item as Session;
}

/** Moves the idle expiry forward; false when the session ended meanwhile. */
export async function touchSession(hash: string, now: Date): Promise<boolean> {
  const nowSeconds = toEpochSeconds(now);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: sessionKey(hash),
        UpdateExpression: 'SET last_seen = :now, #ttl = :ttl',
        ConditionExpression: 'attribute_exists(pk) AND #ttl > :now',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':now': nowSeconds, ':ttl': nowSeconds + IDLE_SECONDS },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function deleteSession(hash: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: sessionKey(hash) }));
}

/** Ends every session of the account (after a password change). */
export async function deleteAccountSessions(accountId: string): Promise<number> {
  let deleted = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': accountSessionsKey(accountId) },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: cursor,
      }),
    );
    const keys = (page.Items ?? []).map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
    for (let index = 0; index < keys.length; index += 25) {
      const batch = keys.slice(index, index + 25).map((Key) => ({ DeleteRequest: { Key } }));
      let unprocessed: Record<string, unknown>[] | undefined = batch;
      for (let attempt = 0; unprocessed?.length && attempt < 5; attempt += 1) {
        const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: unprocessed as never } }));
        unprocessed = result.UnprocessedItems?.[tableName] as Record<string, unknown>[] | undefined;
      }
    }
    deleted += keys.length;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return deleted;
}
