import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEvent } from '#shared/domain/audit';
import type { OAuthScope } from '#shared/oauth/scopes';
import { accountKey } from './accounts';
import { auditPutItem } from './audit-log';
import { db, tableName } from './client';
import { TTL_ATTRIBUTE, isExpired, toEpochSeconds } from './table';
import { failedCondition, isCancelledTransaction, isConditionFailure, oldItemOf } from './transaction-errors';

/**
 * What the authorization server grants (docs/decisions/0201-oauth-grants-in-the-single-table.md),
 * every secret keyed by its SHA-256 only, so a table read never yields a usable value:
 * - a consent request (`OAUTHREQ#hash`): a checked authorization request waiting for the person, 10 min;
 * - a connection (`ACCOUNT#id` / `OAUTHCONN#id`): one authorization of one client; it carries the
 *   client's rate-limit window and last use, and every token refers to it, so deleting it refuses
 *   every token at once (revocation, a reused code or refresh token);
 * - a code (`OAUTHCODE#hash`, 60 s) and tokens (`OAUTHTOKEN#hash`, access 1 h, refresh 30 days),
 *   each single use where it must be (`used_at`), expiring by TTL (checked in code too).
 */
export interface AuthorizationRequest {
  client_id: string;
  client_name: string;
  client_uri: string | null;
  redirect_uri: string;
  code_challenge: string;
  resource: string;
  scope: OAuthScope;
  state?: string;
  [TTL_ATTRIBUTE]: number;
}

export interface Connection {
  id: string;
  account_id: string;
  client_id: string;
  client_name: string;
  client_uri: string | null;
  redirect_host: string;
  scope: OAuthScope;
  resource: string;
  created_at: string;
  last_used_at: string | null;
}

/** What a code or a token grants: a connection's rights for a resource. */
export interface Grant {
  account_id: string;
  connection_id: string;
  client_id: string;
  scope: OAuthScope;
  resource: string;
  [TTL_ATTRIBUTE]: number;
}

export interface CodeGrant extends Grant {
  client_name: string;
  redirect_uri: string;
  code_challenge: string;
}

export interface TokenGrant extends Grant {
  kind: 'access' | 'refresh';
  client_name: string;
}

const requestKey = (hash: string) => ({ pk: `OAUTHREQ#${hash}`, sk: 'OAUTHREQ' });
const codeKey = (hash: string) => ({ pk: `OAUTHCODE#${hash}`, sk: 'OAUTHCODE' });
const tokenKey = (hash: string) => ({ pk: `OAUTHTOKEN#${hash}`, sk: 'OAUTHTOKEN' });
export const connectionKey = (accountId: string, connectionId: string) => ({
  pk: accountKey(accountId).pk,
  sk: `OAUTHCONN#${connectionId}`,
});

const strip = <T>(item: Record<string, unknown>): T => {
  const { pk: _pk, sk: _sk, type: _type, used_at: _used, rl_window: _w, rl_count: _c, ...rest } = item;
  return rest as T;
};

export async function putAuthorizationRequest(hash: string, request: AuthorizationRequest): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...requestKey(hash), type: 'oauth_request', ...request },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getAuthorizationRequest(hash: string, now: Date): Promise<AuthorizationRequest | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: requestKey(hash), ConsistentRead: true }));
  return Item && !isExpired(Item, now) ? strip<AuthorizationRequest>(Item) : undefined;
}

/** Takes a consent request out (the person said no); undefined when it was gone already. */
export async function takeAuthorizationRequest(hash: string, now: Date): Promise<AuthorizationRequest | undefined> {
  try {
    const { Attributes } = await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: requestKey(hash),
        ConditionExpression: 'attribute_exists(pk) AND #ttl > :now',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':now': toEpochSeconds(now) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes ? strip<AuthorizationRequest>(Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * The person allowed: in one transaction the consent request is consumed (once, while live), the
 * connection created, its code stored and the audit entry written. False when the request was
 * gone (used, expired).
 */
export async function createConnectionWithCode(input: {
  requestHash: string;
  connection: Connection;
  codeHash: string;
  code: CodeGrant;
  audit: AuditEvent;
  now: Date;
}): Promise<boolean> {
  const { connection, now } = input;
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName,
              Key: requestKey(input.requestHash),
              ConditionExpression: 'attribute_exists(pk) AND #ttl > :now',
              ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
              ExpressionAttributeValues: { ':now': toEpochSeconds(now) },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...connectionKey(connection.account_id, connection.id), type: 'oauth_connection', ...connection },
            },
          },
          { Put: { TableName: tableName, Item: { ...codeKey(input.codeHash), type: 'oauth_code', ...input.code } } },
          auditPutItem(connection.account_id, input.audit, now),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isCancelledTransaction(error) && failedCondition(error, 0)) return false;
    throw error;
  }
}

/** Marks a code or refresh token used, once. `reused`: it was used before (the caller revokes what it issued). */
async function useOnce<T extends Grant>(key: { pk: string; sk: string }, now: Date): Promise<T | 'unknown' | { reused: T }> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET used_at = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(used_at) AND #ttl > :now',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':at': now.toISOString(), ':now': toEpochSeconds(now) },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return strip<T>(Attributes ?? {});
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const old = oldItemOf(error);
    if (old && old.used_at !== undefined) return { reused: strip<T>(old) };
    return 'unknown'; // never issued, or expired
  }
}

export const redeemCode = (hash: string, now: Date) => useOnce<CodeGrant>(codeKey(hash), now);

export async function rotateRefreshToken(hash: string, now: Date): Promise<TokenGrant | 'unknown' | { reused: TokenGrant }> {
  const used = await useOnce<TokenGrant>(tokenKey(hash), now);
  if (typeof used === 'object' && !('reused' in used) && used.kind !== 'refresh') return 'unknown';
  if (typeof used === 'object' && 'reused' in used && used.reused.kind !== 'refresh') return 'unknown';
  return used;
}

/**
 * Stores a new access token and refresh token of a connection, only while the connection exists:
 * a connection revoked meanwhile (a reused refresh token, the person) gets no new tokens.
 */
export async function putTokens(
  tokens: Array<{ hash: string; grant: TokenGrant }>,
  accountId: string,
  connectionId: string,
): Promise<boolean> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName,
              Key: connectionKey(accountId, connectionId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          ...tokens.map(({ hash, grant }) => ({
            Put: { TableName: tableName, Item: { ...tokenKey(hash), type: 'oauth_token', ...grant } },
          })),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isCancelledTransaction(error) && failedCondition(error, 0)) return false;
    throw error;
  }
}

export async function getTokenGrant(hash: string, now: Date): Promise<TokenGrant | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: tokenKey(hash) }));
  return Item && !isExpired(Item, now) ? strip<TokenGrant>(Item) : undefined;
}

export async function deleteToken(hash: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: tokenKey(hash) }));
}

export async function listConnections(accountId: string): Promise<Connection[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': accountKey(accountId).pk, ':prefix': 'OAUTHCONN#' },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.map((item) => strip<Connection>(item));
}

/**
 * Deletes a connection and records why, in one transaction: every token of it is refused from the
 * next request on (they name it, and it is gone). False when it did not exist.
 */
export async function deleteConnection(accountId: string, connectionId: string, audit: AuditEvent, now: Date): Promise<boolean> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName, Key: connectionKey(accountId, connectionId), ConditionExpression: 'attribute_exists(pk)' } },
          auditPutItem(accountId, audit, now),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isCancelledTransaction(error) && failedCondition(error, 0)) return false;
    throw error;
  }
}

export interface CountedConnection extends Connection {
  /** This request's number in the connection's current window (1 = first). */
  count: number;
}

/**
 * Counts a request of a connection's token in its rate-limit window, as an API key's request is
 * counted on its lookup item (shared/store/rate-limits.ts): ADD under "this window", else start
 * the window with a write only one request wins. Undefined when the connection is gone (revoked).
 */
export async function countConnectionRequest(
  accountId: string,
  connectionId: string,
  windowStart: number,
): Promise<CountedConnection | undefined> {
  const Key = connectionKey(accountId, connectionId);
  for (let attempt = 0; attempt < 4; attempt += 1) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key,
          UpdateExpression: 'ADD rl_count :one',
          ConditionExpression: 'attribute_exists(pk) AND rl_window = :window',
          ExpressionAttributeValues: { ':one': 1, ':window': windowStart },
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { ...strip<Connection>(Attributes ?? {}), count: Attributes?.rl_count as number };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const old = oldItemOf(error);
      if (!old) return undefined;
      if (old.rl_window !== undefined && Number(old.rl_window) > windowStart) windowStart = Number(old.rl_window);
    }
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key,
          UpdateExpression: 'SET rl_window = :window, rl_count = :one',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(rl_window) OR rl_window < :window)',
          ExpressionAttributeValues: { ':one': 1, ':window': windowStart },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { ...strip<Connection>(Attributes ?? {}), count: 1 };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Error('rate limit: the window kept changing under this request');
}

/** last_used_at, written at most once a minute per connection (the condition keeps racing writers to one). */
export async function touchConnection(accountId: string, connectionId: string, now: Date): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: connectionKey(accountId, connectionId),
        UpdateExpression: 'SET last_used_at = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(last_used_at) OR last_used_at = :null OR last_used_at < :before)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':null': null, ':before': new Date(now.getTime() - 60_000).toISOString() },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
