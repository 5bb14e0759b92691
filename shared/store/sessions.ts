import { createHash, randomBytes } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { GSI1, isExpired, toEpochSeconds, TTL_ATTRIBUTE } from './table';
import { isConditionFailure, oldItemOf } from './transaction-errors';

/**
 * Dashboard sessions (docs/api.md, "Dashboard"). The id is 256 random bits held only by the
 * browser (an HttpOnly cookie); the table keeps its SHA-256, so a table read yields no usable
 * session. Idle expiry of 12 hours, sliding: the TTL moves forward when the session is used,
 * at most once per REFRESH_SECONDS so a busy page does not write on every request, but
 * never past ABSOLUTE_SECONDS after sign-in, however active the session. The item also holds
 * the session's request count in the current rate-limit window (`rl_window`, `rl_count`). The
 * account's sessions are listed through gsi1 to end them all when the password changes.
 */
export const IDLE_SECONDS = 12 * 60 * 60;
/** A session ends this long after sign-in whatever its activity (docs/api.md, "Dashboard"). */
export const ABSOLUTE_SECONDS = 12 * 60 * 60;
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
  /** Epoch seconds at which the session ends whatever its activity. */
  ends_at: number;
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
        ends_at: nowSeconds + ABSOLUTE_SECONDS,
        [TTL_ATTRIBUTE]: nowSeconds + Math.min(IDLE_SECONDS, ABSOLUTE_SECONDS),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The live session behind a hash; a signed-out, idle-expired or too old one is undefined. */
export async function getSession(hash: string, now: Date): Promise<Session | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: sessionKey(hash), ConsistentRead: true }));
  if (!Item || isExpired(Item, now)) return undefined;
  // Sessions from before the absolute limit have no ends_at: it counts from their sign-in.
  const endsAt = typeof Item.ends_at === 'number' ? Item.ends_at : toEpochSeconds(new Date(Item.created_at as string)) + ABSOLUTE_SECONDS;
  if (!(endsAt > toEpochSeconds(now))) return undefined;
  return { ...(Item as Session), ends_at: endsAt };
}

/** Seconds a refreshed cookie and expiry may run from now: the idle time, cut at the absolute end. */
export const sessionSecondsLeft = (session: Pick<Session, 'ends_at'>, now: Date): number =>
  Math.max(0, Math.min(IDLE_SECONDS, session.ends_at - toEpochSeconds(now)));

/** Moves the idle expiry forward (never past the absolute end); false when the session ended meanwhile. */
export async function touchSession(hash: string, session: Pick<Session, 'ends_at'>, now: Date): Promise<boolean> {
  const nowSeconds = toEpochSeconds(now);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: sessionKey(hash),
        UpdateExpression: 'SET last_seen = :now, #ttl = :ttl',
        ConditionExpression: 'attribute_exists(pk) AND #ttl > :now',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':now': nowSeconds, ':ttl': nowSeconds + sessionSecondsLeft(session, now) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Counts one dashboard request in the session's fixed rate-limit window (the API's rule,
 * docs/api.md, "Authentication and rate limit"): this request's number in the window, or
 * undefined when the session is gone. Same two-step write as an API key's count
 * (shared/store/rate-limits.ts): ADD under "this window", else start the window.
 */
export async function countSessionRequest(hash: string, windowStart: number): Promise<number | undefined> {
  let window = windowStart;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: sessionKey(hash),
          UpdateExpression: 'ADD rl_count :one',
          ConditionExpression: 'attribute_exists(pk) AND rl_window = :window',
          ExpressionAttributeValues: { ':one': 1, ':window': window },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return Attributes?.rl_count as number;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const old = oldItemOf(error);
      if (!old) return undefined;
      if (old.rl_window !== undefined && Number(old.rl_window) > window) {
        window = Number(old.rl_window); // another instance's clock is already in the next window
        continue;
      }
    }
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: sessionKey(hash),
          UpdateExpression: 'SET rl_window = :window, rl_count = :one',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(rl_window) OR rl_window < :window)',
          ExpressionAttributeValues: { ':one': 1, ':window': window },
        }),
      );
      return 1;
    } catch (error) {
      if (!isConditionFailure(error)) throw error; // another request started it: count again
    }
  }
  throw new Error('rate limit: the window kept changing under this request');
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
