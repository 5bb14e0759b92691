import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditPut } from './audit-log';
import { db, tableName } from './client';
import { accountKey } from './accounts';
import { failedCondition, ignoreConditionFailure } from './transaction-errors';
import { counterFailure, givePlaceBackItem, startCounter, takePlaceItem } from './quota-counters';
import { DEFAULT_KEY_SCOPE, isKeyScope, type KeyScope } from '#shared/domain/key-scopes';

/**
 * API keys live in two items written and deleted together:
 * - the lookup item, keyed by the value's SHA-256 hash (one strongly consistent GetItem per request);
 * - the account's record of the key (name, prefix, dates), listed with one Query.
 */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  /** What the key may do (docs/api.md, "Key scopes"); keys stored before scopes read as admin. */
  scope: KeyScope;
  created_at: string;
  last_used_at: string | null;
}

export interface ApiKeyLookup {
  account_id: string;
  key_id: string;
  scope: KeyScope;
  /** The key's name, kept on the lookup too so a request knows it without another read (absent on keys made before drafts). */
  name?: string;
}

/** A stored scope, or admin for a key written before scopes existed. */
export const storedScope = (value: unknown): KeyScope => (isKeyScope(value) ? value : DEFAULT_KEY_SCOPE);

export const apiKeyLookupKey = (hash: string) => ({ pk: `APIKEY#${hash}`, sk: 'APIKEY' });
export const accountApiKeyKey = (accountId: string, keyId: string) => ({ pk: accountKey(accountId).pk, sk: `KEY#${keyId}` });

const toApiKey = (item: Record<string, unknown>): ApiKey => ({
  id: item.id as string,
  name: item.name as string,
  prefix: item.prefix as string,
  scope: storedScope(item.scope),
  created_at: item.created_at as string,
  last_used_at: (item.last_used_at as string | undefined) ?? null,
});

/**
 * Stores a new key under the account's key quota (shared/store/quota-counters.ts), all in one
 * transaction; false (nothing written) when the account already has `limit` keys.
 */
export async function putApiKey(accountId: string, key: ApiKey, hash: string, limit: number, audit?: AuditPut): Promise<boolean> {
  const write = () =>
    db.send(
      new TransactWriteCommand({
        TransactItems: [
          takePlaceItem(accountId, 'keys', limit),
          {
            Put: {
              TableName: tableName,
              Item: {
                ...apiKeyLookupKey(hash),
                type: 'api_key_lookup',
                account_id: accountId,
                key_id: key.id,
                scope: key.scope,
                name: key.name,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...accountApiKeyKey(accountId, key.id), type: 'api_key', ...key, key_hash: hash },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          // Last, unconditional: the creation's audit entry lands with it or not at all.
          ...(audit ? [audit] : []),
        ],
      }),
    );
  try {
    await write();
    return true;
  } catch (error) {
    const failure = counterFailure(error, 0, 'keys');
    if (failure === 'full') return false;
    if (failure !== 'unstarted') throw error;
  }
  // The account's keys were never counted (made before the quota): count them once, then again.
  await startCounter(accountId, 'keys');
  try {
    await write();
    return true;
  } catch (error) {
    if (counterFailure(error, 0, 'keys') === 'full') return false;
    throw error;
  }
}

export async function listApiKeys(accountId: string): Promise<ApiKey[]> {
  const keys: ApiKey[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': accountKey(accountId).pk, ':prefix': 'KEY#' },
        ExclusiveStartKey: cursor,
      }),
    );
    keys.push(...(page.Items ?? []).map(toApiKey));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return keys.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** Deletes both items of a key and gives its place back; false when the account has no such key. */
export async function deleteApiKey(accountId: string, keyId: string, audit?: (deleted: ApiKey) => AuditPut): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: accountApiKeyKey(accountId, keyId), ConsistentRead: true }));
  if (!Item) return false;
  const write = () =>
    db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName, Key: accountApiKeyKey(accountId, keyId), ConditionExpression: 'attribute_exists(pk)' } },
          { Delete: { TableName: tableName, Key: apiKeyLookupKey(Item.key_hash as string) } },
          givePlaceBackItem(accountId, 'keys'),
          ...(audit ? [audit(toApiKey(Item))] : []),
        ],
      }),
    );
  for (let attempt = 0; ; attempt += 1) {
    try {
      await write();
      return true;
    } catch (error) {
      // Deleted meanwhile by another request: that one gave the place back.
      if (failedCondition(error, 0)) return false;
      if (attempt > 0 || counterFailure(error, 2, 'keys') !== 'unstarted') throw error;
      await startCounter(accountId, 'keys');
    }
  }
}

/** Records when a key was last used (called once per rate-limit window, not per request). */
export async function touchApiKey(accountId: string, keyId: string, at: string): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: accountApiKeyKey(accountId, keyId),
        UpdateExpression: 'SET last_used_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at },
      }),
      // The key was deleted between the lookup and now: nothing to record.
    )
    .catch(ignoreConditionFailure);
}

/** One key of the account (its record, not the value), or undefined when there is none. */
export async function getApiKey(accountId: string, keyId: string): Promise<ApiKey | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: accountApiKeyKey(accountId, keyId) }));
  return Item ? toApiKey(Item) : undefined;
}
