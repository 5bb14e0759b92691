import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { isExpired, toEpochSeconds, TTL_ATTRIBUTE } from './table';
import { ignoreConditionFailure, isConditionFailure } from './transaction-errors';

/**
 * Failed dashboard sign-ins (docs/api.md, "Dashboard"), one counter item per thing counted,
 * keyed by a hash (shared/use-cases/dashboard-sessions.ts says what is counted: an email from
 * one client address, and a client address across emails). `max` failures within 15 minutes
 * lock the counter for 15 minutes. An attempt is reserved, atomically, before the password is
 * checked, so concurrent guesses cannot slip past the count; a success clears the counter or
 * gives its own reservation back.
 */
export const WINDOW_SECONDS = 15 * 60;
export const LOCK_SECONDS = 15 * 60;

export const loginAttemptsKey = (counterHash: string) => ({ pk: `LOGINATTEMPTS#${counterHash}`, sk: 'LOGINATTEMPTS' });

export type Reservation = { allowed: true; failures: number } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt in the counter's window, or says how long the counter stays locked. */
export async function reserveAttempt(counterHash: string, max: number, now: Date): Promise<Reservation> {
  const nowSeconds = toEpochSeconds(now);
  const values = { ':cutoff': nowSeconds - WINDOW_SECONDS, ':now': nowSeconds, ':ttl': nowSeconds + WINDOW_SECONDS + LOCK_SECONDS };
  const notLocked = '(attribute_not_exists(locked_until) OR locked_until <= :now)';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: loginAttemptsKey(counterHash),
          UpdateExpression: 'ADD failures :one SET #ttl = :ttl',
          ConditionExpression: `window_start > :cutoff AND failures < :max AND ${notLocked}`,
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ...values, ':one': 1, ':max': max },
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
            ...loginAttemptsKey(counterHash),
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
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: loginAttemptsKey(counterHash), ConsistentRead: true }));
    if (!Item || isExpired(Item, now)) continue;
    if (typeof Item.locked_until === 'number' && Item.locked_until > nowSeconds) {
      return { allowed: false, retryAfterSeconds: Item.locked_until - nowSeconds };
    }
    // All attempts already reserved in this window (the last may still be running): locked too.
    if ((Item.failures as number) >= max && (Item.window_start as number) > values[':cutoff']) {
      return { allowed: false, retryAfterSeconds: Math.max(1, (Item.window_start as number) + WINDOW_SECONDS - nowSeconds) };
    }
  }
  // The item kept changing under us: someone is hammering this counter. Refuse rather than loop.
  return { allowed: false, retryAfterSeconds: 1 };
}

/** The reserved attempt failed; the `max`th failure in the window locks the counter. */
export async function recordFailure(counterHash: string, failures: number, max: number, now: Date): Promise<void> {
  if (failures < max) return;
  const lockedUntil = toEpochSeconds(now) + LOCK_SECONDS;
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: loginAttemptsKey(counterHash),
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
export async function clearAttempts(counterHash: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: loginAttemptsKey(counterHash) }));
}

/**
 * A successful sign-in gives back its own reservation only, not the earlier failures: a
 * guesser cannot wipe an address's count by signing in to an account of its own in between.
 */
export async function releaseAttempt(counterHash: string): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: loginAttemptsKey(counterHash),
        UpdateExpression: 'ADD failures :minus',
        ConditionExpression: 'attribute_exists(pk) AND failures > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch(ignoreConditionFailure);
}
