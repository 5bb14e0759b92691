import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '#shared/domain/platforms';
import { db, tableName } from './client';

/**
 * Click counters (docs/decisions/0278-clicks-counted-per-post-platform-day.md): one item per
 * (post, platform, UTC day), `POST#{postId}#CLICKS` / `{platform}#{YYYY-MM-DD}`, raised by one
 * UpdateItem ADD per click: atomic in DynamoDB, no read before it, so concurrent clicks never lose
 * one. A post's clicks are one Query on its partition (its days are few: one item per day with clicks).
 */
export const clickCounterKey = (postId: string, platform: Platform, day: string) => ({
  pk: `POST#${postId}#CLICKS`,
  sk: `${platform}#${day}`,
});

export const CLICK_COUNTER_TYPE = 'link_clicks';

/** Counts one click. */
export async function addClick(postId: string, platform: Platform, day: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: clickCounterKey(postId, platform, day),
      UpdateExpression: 'ADD clicks :one SET #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': CLICK_COUNTER_TYPE },
    }),
  );
}

/** A post's clicks so far, summed per platform (a platform without clicks is absent). */
export async function clicksOfPost(postId: string): Promise<Partial<Record<Platform, number>>> {
  const totals: Partial<Record<Platform, number>> = {};
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': clickCounterKey(postId, 'bluesky', '').pk },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const platform = String(item.sk).split('#')[0] as Platform;
      totals[platform] = (totals[platform] ?? 0) + Number(item.clicks ?? 0);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return totals;
}
