import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE, isExpired, toEpochSeconds } from './table';
import { db, tableName } from './client';
import { ignoreConditionFailure, oldItemOf } from './transaction-errors';

/**
 * Idempotency records (docs/api.md, "Idempotency"): one per account, operation and idempotency-key
 * (and per item of a keyed batch), kept 24 h.
 * While the first request runs the record is `in_progress` (with a short lock, so a crashed
 * request does not block the key for a day); then `completed` with the response to replay.
 * The lock lasts as long as the request may still act: until its deadline (given by the caller),
 * or LOCK_SECONDS for a caller without one.
 */
export const RECORD_TTL_SECONDS = 24 * 60 * 60;
export const LOCK_SECONDS = 60;

export interface IdempotencyRecord {
  status: 'in_progress' | 'completed';
  request_hash: string;
  response_status?: number;
  response_body?: string;
}

export interface IdempotencyRecordKey {
  pk: string;
  sk: string;
}

/**
 * The record of one idempotency-key of one operation (docs/decisions/0161-idempotency-namespaces.md):
 * the client's value appears only as its SHA-256 (43 base64url characters, never a `#`), and the
 * operation and any item index are in the sort key, which only the server writes. So no key value
 * can name another operation's record, nor an item of a batch (item records: batchItemRecordKey).
 */
export function idempotencyRecordKey(accountId: string, operation: string, clientKey: string): IdempotencyRecordKey {
  const digest = createHash('sha256').update(clientKey, 'utf8').digest('base64url');
  return { pk: `IDEMPOTENCY#${accountId}#${digest}`, sk: `OP#${operation}` };
}

/** The record of item `index` of a keyed batch: under the batch's own, in a sort key no plain record has. */
export function batchItemRecordKey(batch: IdempotencyRecordKey, index: number): IdempotencyRecordKey {
  return { pk: batch.pk, sk: `${batch.sk}#ITEM#${index}` };
}

/**
 * Where records were kept before the namespaces above (the client's value raw in the key, one sort
 * key for all): read, never written, so that a repeat across the deploy still replays. Their TTL is
 * 24 h, so this goes one release later (docs/decisions/0161-idempotency-namespaces.md).
 */
export const legacyIdempotencyKey = (accountId: string, key: string): IdempotencyRecordKey => ({
  pk: `IDEMPOTENCY#${accountId}#${key}`,
  sk: 'IDEMPOTENCY',
});

/**
 * A record written before the namespaces that still holds its key: completed and within its 24 h, or
 * in progress under its lock; undefined when none (an abandoned claim no longer holds anything).
 */
export async function readLegacyIdempotencyRecord(recordKey: IdempotencyRecordKey, now: Date): Promise<IdempotencyRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: recordKey, ConsistentRead: true }));
  if (!Item || isExpired(Item, now)) return undefined;
  const record = Item as IdempotencyRecord & { lock_expires_at_epoch?: number };
  if (record.status !== 'completed' && (record.lock_expires_at_epoch ?? 0) <= toEpochSeconds(now)) return undefined;
  return record;
}

export type ClaimOutcome = { claimed: true } | { claimed: false; existing: IdempotencyRecord };

/** Claims the key for this request unless a live record exists; returns that record then. */
export async function claimIdempotencyKey(
  recordKey: { pk: string; sk: string },
  token: string,
  requestHash: string,
  now: Date,
  lockUntil: Date = new Date(now.getTime() + LOCK_SECONDS * 1000),
): Promise<ClaimOutcome> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...recordKey,
          type: 'idempotency_record',
          status: 'in_progress',
          token,
          request_hash: requestHash,
          // Rounded up: the lock never ends before the request's own deadline.
          lock_expires_at_epoch: Math.ceil(lockUntil.getTime() / 1000),
          [TTL_ATTRIBUTE]: toEpochSeconds(now) + RECORD_TTL_SECONDS,
        },
        // Free, expired (TTL not yet applied), or abandoned by a crashed request with the same body.
        ConditionExpression:
          'attribute_not_exists(pk) OR #ttl <= :now OR (#status = :inProgress AND lock_expires_at_epoch <= :now AND request_hash = :hash)',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE, '#status': 'status' },
        ExpressionAttributeValues: { ':now': toEpochSeconds(now), ':inProgress': 'in_progress', ':hash': requestHash },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { claimed: true };
  } catch (error) {
    const old = oldItemOf(error);
    if (old) {
      const existing = old as unknown as IdempotencyRecord & { token?: string };
      // Our own earlier attempt: the SDK retried a put whose answer was lost (a timeout after the write).
      if (existing.status === 'in_progress' && existing.token === token) return { claimed: true };
      return { claimed: false, existing };
    }
    throw error;
  }
}

/** The transaction item that completes a claimed record with the response to replay. */
export function completeIdempotencyRecordItem(recordKey: { pk: string; sk: string }, token: string, statusCode: number, body: string) {
  return {
    Update: {
      TableName: tableName,
      Key: recordKey,
      UpdateExpression: 'SET #status = :completed, response_status = :code, response_body = :body REMOVE lock_expires_at_epoch',
      ConditionExpression: '#token = :token',
      ExpressionAttributeNames: { '#status': 'status', '#token': 'token' },
      ExpressionAttributeValues: { ':completed': 'completed', ':code': statusCode, ':body': body, ':token': token },
    },
  };
}

/** Frees a claimed key after a failed request (nothing was created, nothing to replay). */
export async function releaseIdempotencyKey(recordKey: { pk: string; sk: string }, token: string): Promise<void> {
  await db
    .send(
      new DeleteCommand({
        TableName: tableName,
        Key: recordKey,
        ConditionExpression: '#token = :token AND #status = :inProgress',
        ExpressionAttributeNames: { '#token': 'token', '#status': 'status' },
        ExpressionAttributeValues: { ':token': token, ':inProgress': 'in_progress' },
      }),
    )
    .catch(ignoreConditionFailure);
}

/** Completes a claimed record on its own (endpoints that do not write it in a transaction). */
export async function completeIdempotencyRecord(
  recordKey: { pk: string; sk: string },
  token: string,
  statusCode: number,
  body: string,
): Promise<void> {
  await db.send(new UpdateCommand(completeIdempotencyRecordItem(recordKey, token, statusCode, body).Update));
}

/** Transaction item removing a record this request completed (used when its creation is undone). */
export function deleteIdempotencyRecordItem(recordKey: { pk: string; sk: string }, token: string) {
  return {
    Delete: {
      TableName: tableName,
      Key: recordKey,
      ConditionExpression: '#token = :token',
      ExpressionAttributeNames: { '#token': 'token' },
      ExpressionAttributeValues: { ':token': token },
    },
  };
}
