import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { apiKeyLookupKey, storedScope, type ApiKeyLookup } from './api-keys';
import { isConditionFailure, oldItemOf } from './transaction-errors';

/**
 * Authentication and the API rate limit in one write: the request is counted on the key's
 * own lookup item (`rl_window`, `rl_count`). `ADD` under "this window" makes N concurrent
 * requests see the counts 1..N exactly once each; the first request of a new window resets
 * the counter with a second conditional write that only one request can win (the others
 * count again on top of it). A deleted key has no item, so it fails on the very next request.
 */
export interface CountedRequest extends ApiKeyLookup {
  /** This request's number in the key's current window (1 = first). */
  count: number;
}

const lookupOf = (item: Record<string, unknown>): ApiKeyLookup => ({
  account_id: item.account_id as string,
  key_id: item.key_id as string,
  scope: storedScope(item.scope),
  ...(typeof item.name === 'string' ? { name: item.name } : {}),
});

async function addToWindow(
  hash: string,
  windowStart: number,
): Promise<CountedRequest | 'unknown-key' | { storedWindow: number | undefined }> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: apiKeyLookupKey(hash),
        UpdateExpression: 'ADD rl_count :one',
        ConditionExpression: 'attribute_exists(pk) AND rl_window = :window',
        ExpressionAttributeValues: { ':one': 1, ':window': windowStart },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { ...lookupOf(Attributes ?? {}), count: Attributes?.rl_count as number };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const old = oldItemOf(error);
    if (!old) return 'unknown-key';
    return { storedWindow: old.rl_window === undefined ? undefined : Number(old.rl_window) };
  }
}

async function startWindow(hash: string, windowStart: number): Promise<CountedRequest | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: apiKeyLookupKey(hash),
        UpdateExpression: 'SET rl_window = :window, rl_count = :one',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(rl_window) OR rl_window < :window)',
        ExpressionAttributeValues: { ':one': 1, ':window': windowStart },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { ...lookupOf(Attributes ?? {}), count: 1 };
  } catch (error) {
    if (isConditionFailure(error)) return undefined; // another request started it
    throw error;
  }
}

/** Authenticates a key by its hash and counts the request in its window; undefined for an unknown key. */
export async function countRequest(hash: string, windowStart: number): Promise<CountedRequest | undefined> {
  let window = windowStart;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const added = await addToWindow(hash, window);
    if (added === 'unknown-key') return undefined;
    if (!('storedWindow' in added)) return added;
    if (added.storedWindow !== undefined && added.storedWindow > window) {
      // Another instance's clock is already in the next window: count this request there.
      window = added.storedWindow;
      continue;
    }
    const started = await startWindow(hash, window);
    if (started) return started;
  }
  throw new Error('rate limit: the window kept changing under this request');
}
