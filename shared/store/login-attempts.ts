import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { isExpired, toEpochSeconds, TTL_ATTRIBUTE } from './table';
import { ignoreConditionFailure, isConditionFailure } from './transaction-errors';

/**
 * Failed dashboard sign-ins per email (docs/api.md, "Dashboard"): ten within 15 minutes lock the
 * email for 15 minutes. One item per email (keyed by a hash of it, known or not, so the lock
 * says nothing about whether a login exists). An attempt is reserved, atomically, before the
 * password is checked, so concurrent guesses cannot slip past the count; a successful
 * sign-in clears the item.
 */
export const MAX_FAILURES = 10;
export const WINDOW_SECONDS = 15 * 60;
export const LOCK_SECONDS = 15 * 60;

export const loginAttemptsKey = (emailHash: string) => ({ pk: `LOGINATTEMPTS#${emailHash}`, sk: 'LOGINATTEMPTS' });

export type Reservation = { allowed: true; failures: number } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt in the email's window, or says how long the email stays locked. */
export async function reserveAttempt(emailHash: string, now: Date): Promise<Reservation> {
  const nowSeconds = toEpochSeconds(now);
  const values = { ':cutoff': nowSeconds - WINDOW_SECONDS, ':now': nowSeconds, ':ttl': nowSeconds + WINDOW_SECONDS + LOCK_SECONDS };
  const notLocked = '(attribute_not_exists(locked_until) OR locked_until <= :now)';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: loginAttemptsKey(emailHash),
          UpdateExpression: 'ADD failures :one SET #ttl = :ttl',
          ConditionExpression: `window_start > :cutoff AND failures < :max AND ${notLocked}`,
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ...values, ':one': 1, ':max': MAX_FAILURES },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { allowed: true, failures: Attributes?.failures as number };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      // No window yet, or the last one is over (and any lock with it): start a new one.
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...loginAttemptsKey(emailHash),
            type: 'login_attempts',
            window_start: nowSeconds,
            failures: 1,
            [TTL_ATTRIBUTE]: values[':ttl'],
          },
          ConditionExpression: `attribute_not_exists(pk) OR (window_start <= :cutoff AND ${notLocked})`,
          ExpressionAttributeValues: { ':cutoff': values[':cutoff'], ':now': nowSeconds },
        }),
      );
      return { allowed: true, failures: 1 };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: loginAttemptsKey(emailHash), ConsistentRead: true }));
    if (!Item || isExpired(Item, now)) continue;
    if (typeof Item.locked_until === 'number' && Item.locked_until > nowSeconds) {
      return { allowed: false, retryAfterSeconds: Item.locked_until - nowSeconds };
    }
    // Ten attempts already reserved in this window (the tenth may still be running): locked too.
    if ((Item.failures as number) >= MAX_FAILURES && (Item.window_start as number) > values[':cutoff']) {
      return { allowed: false, retryAfterSeconds: Math.max(1, (Item.window_start as number) + WINDOW_SECONDS - nowSeconds) };
    }
  }
  // The item kept changing under us: someone is hammering this email. Refuse rather than loop.
  return { allowed: false, retryAfterSeconds: 1 };
}

/** The reserved attempt failed; the tenth failure in the window locks the email. */
export async function recordFailure(emailHash: string, failures: number, now: Date): Promise<void> {
  if (failures < MAX_FAILURES) return;
  const lockedUntil = toEpochSeconds(now) + LOCK_SECONDS;
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: loginAttemptsKey(emailHash),
        UpdateExpression: 'SET locked_until = :until, #ttl = :ttl',
        // A successful sign-in may have cleared the window meanwhile: then there is nothing to lock.
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':until': lockedUntil, ':ttl': lockedUntil + WINDOW_SECONDS },
      }),
    )
    .catch(ignoreConditionFailure);
}

/** A successful sign-in forgets the earlier failures. */
export async function clearAttempts(emailHash: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: loginAttemptsKey(emailHash) }));
}
