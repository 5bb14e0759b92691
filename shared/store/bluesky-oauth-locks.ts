import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { TTL_ATTRIBUTE } from './table';
import { ignoreConditionFailure, isConditionFailure } from './transaction-errors';

/**
 * A lock shared by every process on the table: one item, taken with a conditional put, given back
 * with a conditional delete by its holder. A refresh token can be used once, so two publishers of one
 * Bluesky OAuth profile must never refresh at the same time: the OAuth client reads, refreshes and
 * stores the session under this lock, and the one that waited reads the session the other stored
 * (docs/decisions/0292-bluesky-oauth-sessions-in-the-table-under-a-lock.md). A holder that dies keeps
 * it until its lease runs out; the lease outlasts the client's own 30-second bound on a refresh.
 *
 * Wall-clock time, not the clock port: a lease is about real seconds passing between processes.
 */
export const LOCK_LEASE_MS = 35_000;
/** How long a caller waits for a lock before giving up (the holder's lease, and a little). */
const MAX_WAIT_MS = 40_000;
const FIRST_PAUSE_MS = 10;
const MAX_PAUSE_MS = 250;

export class LockNotAcquired extends Error {
  constructor(name: string) {
    super(`The lock ${name} stayed taken for ${MAX_WAIT_MS / 1000} s`);
    this.name = 'LockNotAcquired';
  }
}

const key = (name: string) => ({ pk: `LOCK#${name}`, sk: 'LOCK' });

async function tryAcquire(name: string, holder: string): Promise<boolean> {
  const now = Date.now();
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...key(name),
          type: 'lock',
          holder,
          lease_until: now + LOCK_LEASE_MS,
          [TTL_ATTRIBUTE]: Math.ceil((now + LOCK_LEASE_MS) / 1000) + 60,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR lease_until < :now',
        ExpressionAttributeValues: { ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function release(name: string, holder: string): Promise<void> {
  await db
    .send(
      new DeleteCommand({
        TableName: tableName,
        Key: key(name),
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':holder': holder },
      }),
    )
    // The lease ran out and someone else holds it now: theirs to give back.
    .catch(ignoreConditionFailure);
}

export async function withTableLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const giveUpAt = Date.now() + MAX_WAIT_MS;
  let pause = FIRST_PAUSE_MS;
  while (!(await tryAcquire(name, holder))) {
    if (Date.now() >= giveUpAt) throw new LockNotAcquired(name);
    // Polling: DynamoDB has no wait-for-change; the pause grows so a long holder costs few reads.
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  }
  try {
    return await work();
  } finally {
    await release(name, holder);
  }
}
