import { QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AnalyticsEntry } from '#shared/domain/analytics';
import type { Post } from '#shared/domain/post';
import type { PostMetrics } from '#shared/domain/post-metrics';
import type { WebhookEvent } from '#shared/domain/webhook';
import { db, tableName } from './client';
import { entityFields } from './item-fields';
import { postKey, toPost, writeTransaction } from './posts';
import { isConditionFailure, oldItemOf } from './transaction-errors';
import { putWebhookEventItem } from './webhook-events';

/**
 * Metrics (docs/api.md, "Metrics and analytics"). A post's latest figures live on the post item
 * (`metrics`, by platform), with the time of its last refresh (`metrics_refresh_at`). Analytics
 * reads one entry per published post, under its account and the day it was published
 * (`ACCOUNT#id#ANALYTICS`, `YYYY-MM-DD#postId`), so a date range is one Query on the table's keys,
 * never a scan; each collection rewrites the post's entry with the figures it put on the post.
 */
export const analyticsEntryKey = (accountId: string, day: string, postId: string) => ({
  pk: `ACCOUNT#${accountId}#ANALYTICS`,
  sk: `${day}#${postId}`,
});

export const ANALYTICS_ENTRY_TYPE = 'analytics_entry';

function entryItem(accountId: string, entry: AnalyticsEntry): Record<string, unknown> {
  return { ...analyticsEntryKey(accountId, entry.day, entry.post_id), type: ANALYTICS_ENTRY_TYPE, ...entry };
}

/** Records a newly published post's entry (no figures yet); one that exists keeps its figures. */
export async function putAnalyticsEntry(accountId: string, entry: Omit<AnalyticsEntry, 'metrics'>): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: analyticsEntryKey(accountId, entry.day, entry.post_id),
      UpdateExpression:
        'SET #type = :type, post_id = :post, #day = :day, platforms = :platforms, #metrics = if_not_exists(#metrics, :none)',
      // `metrics` and `day` are reserved words in DynamoDB expressions.
      ExpressionAttributeNames: { '#type': 'type', '#day': 'day', '#metrics': 'metrics' },
      ExpressionAttributeValues: {
        ':type': ANALYTICS_ENTRY_TYPE,
        ':post': entry.post_id,
        ':day': entry.day,
        ':platforms': entry.platforms,
        ':none': {},
      },
    }),
  );
}

/**
 * Marks a refresh of the post's metrics unless one was made after `cutoff`: the post as it is now,
 * or `{ lastRefreshAt }` of the refresh that holds the interval (one conditional write: two
 * concurrent refreshes cannot both pass).
 */
export async function claimMetricsRefresh(
  postId: string,
  now: Date,
  cutoff: Date,
): Promise<{ post: Post } | { lastRefreshAt: string } | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: postKey(postId),
        UpdateExpression: 'SET metrics_refresh_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(metrics_refresh_at) OR metrics_refresh_at <= :cutoff)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':cutoff': cutoff.toISOString() },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { post: toPost(Attributes ?? {}) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const old = oldItemOf(error);
    if (!old) return undefined;
    return { lastRefreshAt: String(old.metrics_refresh_at) };
  }
}

/**
 * Writes a collection's figures in one transaction: on the post, on its analytics entry, and the
 * post.metrics_updated event when some endpoint of the account asked for it (the outbox write).
 */
export async function recordPostMetrics(post: Post, metrics: PostMetrics, entry: AnalyticsEntry, event?: WebhookEvent): Promise<void> {
  await writeTransaction([
    {
      Update: {
        TableName: tableName,
        Key: postKey(post.id),
        UpdateExpression: 'SET #metrics = :metrics',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#metrics': 'metrics' },
        ExpressionAttributeValues: { ':metrics': metrics },
      },
    },
    { Put: { TableName: tableName, Item: entryItem(post.account_id, entry) } },
    ...(event ? [putWebhookEventItem(event)] : []),
  ]);
}

/** The account's analytics entries of the days from..to (inclusive), one Query read page by page. */
export async function queryAnalyticsEntries(accountId: string, from: string, to: string): Promise<AnalyticsEntry[]> {
  const entries: AnalyticsEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const input: QueryCommandInput = {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      // '#' < '$': every `to#postId` sorts before `to$`.
      ExpressionAttributeValues: { ':pk': analyticsEntryKey(accountId, '', '').pk, ':from': `${from}#`, ':to': `${to}$` },
      ExclusiveStartKey: startKey,
    };
    const page = await db.send(new QueryCommand(input));
    entries.push(...(page.Items ?? []).map((item) => entityFields<AnalyticsEntry>(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return entries;
}
