import { QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { accountKey } from './accounts';
import { TTL_ATTRIBUTE } from './table';
import type { AnalyticsEntry } from '#shared/domain/analytics';
import type { Post } from '#shared/domain/post';
import type { PostMetrics } from '#shared/domain/post-metrics';
import type { WebhookEvent } from '#shared/domain/webhook';
import { db, tableName } from './client';
import { entityFields } from './item-fields';
import { postKey, writeTransaction } from './posts';
import { cancellationReasons } from './transaction-errors';
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

/** The account's refreshes in one window (docs/api.md, "Metrics and analytics"), kept until the window is over. */
export const refreshWindowKey = (accountId: string, windowStart: number) => ({
  pk: accountKey(accountId).pk,
  sk: `METRICSREFRESH#${windowStart}`,
});

/** The account's refresh window: its start and end (unix seconds) and how many refreshes it takes. */
export interface RefreshWindow {
  start: number;
  end: number;
  limit: number;
}

/** What a refresh claim found: done, or what holds it back (either or both), or no post (undefined). */
export type RefreshClaim = { claimed: true } | { claimed: false; lastRefreshAt?: string; accountFull: boolean };

/**
 * Marks a refresh of the post's metrics unless one was made after `cutoff`, and counts it in the
 * account's window unless that is full: one transaction, so two concurrent refreshes cannot both
 * pass either limit, and a refused one counts against neither.
 */
export async function claimMetricsRefresh(
  accountId: string,
  postId: string,
  now: Date,
  cutoff: Date,
  window: RefreshWindow,
): Promise<RefreshClaim | undefined> {
  try {
    await writeTransaction([
      {
        Update: {
          TableName: tableName,
          Key: postKey(postId),
          UpdateExpression: 'SET metrics_refresh_at = :now',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(metrics_refresh_at) OR metrics_refresh_at <= :cutoff)',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':cutoff': cutoff.toISOString() },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      {
        Update: {
          TableName: tableName,
          Key: refreshWindowKey(accountId, window.start),
          UpdateExpression: 'ADD #count :one SET #type = :type, #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'refreshes', '#type': 'type', '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':one': 1, ':limit': window.limit, ':type': 'metrics_refresh_window', ':ttl': window.end + 3600 },
        },
      },
    ]);
    return { claimed: true };
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons?.some((reason) => reason.conditionFailed)) throw error;
    const [post, account] = reasons;
    if (post?.conditionFailed && !post.item) return undefined;
    return {
      claimed: false,
      ...(post?.conditionFailed ? { lastRefreshAt: String(post.item?.metrics_refresh_at) } : {}),
      accountFull: account?.conditionFailed ?? false,
    };
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
