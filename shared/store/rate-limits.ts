import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from './table';
import { db, tableName } from './client';

/**
 * API rate limit: one counter item per key and fixed window, incremented atomically with
 * ADD, so N concurrent requests see the counts 1..N exactly once each. The item expires
 * by TTL one window after its window ends.
 */
export const rateLimitKey = (keyId: string, windowStart: number) => ({
  pk: `RATELIMIT#${keyId}#${windowStart}`,
  sk: 'RATELIMIT',
});

/** Adds one request to the window and returns the window's count including it. */
export async function countRequest(keyId: string, windowStartEpoch: number, windowSeconds: number): Promise<number> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: rateLimitKey(keyId, windowStartEpoch),
      UpdateExpression: 'ADD #count :one SET #type = :type, #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#count': 'request_count', '#type': 'type', '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: {
        ':one': 1,
        ':type': 'rate_limit_window',
        ':ttl': windowStartEpoch + 2 * windowSeconds,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes?.request_count as number;
}
