import { GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { PostStatus } from '#shared/domain/post-status';
import type { Platform } from '#shared/domain/platforms';
import { db, tableName } from './client';
import { scanAll } from './scan-all';
import { GSI1 } from './table';
import type { Post } from '#shared/domain/post';
import { entityFields } from './item-fields';

/**
 * Posts: one item per post, keyed by its id (the publisher only knows the id), listed per
 * account newest first through GSI1 (`ACCOUNT#id#POSTS`, `created_at#id`).
 */

export const postKey = (postId: string) => ({ pk: `POST#${postId}`, sk: 'POST' });
export const postListKey = (accountId: string, createdAt: string, postId: string) => ({
  gsi1pk: `ACCOUNT#${accountId}#POSTS`,
  gsi1sk: `${createdAt}#${postId}`,
});

export function postItem(post: Post): Record<string, unknown> {
  return { ...postKey(post.id), ...postListKey(post.account_id, post.created_at, post.id), type: 'post', ...post };
}

export const toPost = (item: Record<string, unknown>): Post => entityFields<Post>(item);

export async function getPostItem(postId: string): Promise<Post | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: postKey(postId), ConsistentRead: true }));
  return Item ? toPost(Item) : undefined;
}

export interface PostPage {
  posts: Post[];
  /** The last returned post's index key, to continue after it; undefined at the end. */
  nextKey?: Record<string, unknown>;
}

/**
 * The account's posts, newest first, optionally filtered. DynamoDB applies Limit before the
 * filter, so pages are read until `limit` posts are found (one extra tells whether more exist).
 */
export async function queryAccountPosts(
  accountId: string,
  options: { limit: number; status?: PostStatus; platform?: Platform; startKey?: Record<string, unknown> },
): Promise<PostPage> {
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': postListKey(accountId, '', '').gsi1pk };
  if (options.status) {
    filters.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = options.status;
  }
  if (options.platform) {
    filters.push('contains(platforms, :platform)');
    values[':platform'] = options.platform;
  }
  const found: Record<string, unknown>[] = [];
  let startKey = options.startKey;
  do {
    const input: QueryCommandInput = {
      TableName: tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: filters.length ? filters.join(' AND ') : undefined,
      ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
      // With a filter, read wider pages: DynamoDB counts items before filtering them.
      Limit: filters.length ? Math.max(50, options.limit + 1 - found.length) : options.limit + 1 - found.length,
      ExclusiveStartKey: startKey,
    };
    const page = await db.send(new QueryCommand(input));
    found.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && found.length <= options.limit);
  const posts = found.slice(0, options.limit);
  const last = posts[posts.length - 1];
  const hasMore = found.length > options.limit;
  return {
    posts: posts.map(toPost),
    nextKey: hasMore && last ? { pk: last.pk, sk: last.sk, gsi1pk: last.gsi1pk, gsi1sk: last.gsi1sk } : undefined,
  };
}

/** Runs a transaction built by the post use cases (creation, deletion). */
export async function writeTransaction(
  items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>,
): Promise<void> {
  await db.send(new TransactWriteCommand({ TransactItems: items }));
}

/** Transaction item writing a new post. */
export function putNewPostItem(post: Post) {
  return { Put: { TableName: tableName, Item: postItem(post), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** Transaction item deleting a post if its status is still one of `statuses`. */
export function deletePostItem(post: Post, statuses: readonly PostStatus[], extraCondition = '') {
  const names = statuses.map((_, index) => `:status${index}`);
  return {
    Delete: {
      TableName: tableName,
      Key: postKey(post.id),
      ConditionExpression: `#status IN (${names.join(', ')})${extraCondition}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: Object.fromEntries(statuses.map((status, index) => [names[index], status])),
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/**
 * Posts still waiting for (or in the middle of) publication, across accounts. A Scan: used
 * once at local start-up to rebuild the in-process scheduler, never on a request path.
 */
export async function scanPostsAwaitingPublication(): Promise<Pick<Post, 'id' | 'status' | 'post_time' | 'scheduled_for' | 'version'>[]> {
  const items = await scanAll({
    FilterExpression: '#type = :post AND #status IN (:scheduled, :publishing)',
    ExpressionAttributeNames: { '#type': 'type', '#status': 'status', '#version': 'version' },
    ExpressionAttributeValues: { ':post': 'post', ':scheduled': 'scheduled', ':publishing': 'publishing' },
    ProjectionExpression: 'id, #status, post_time, scheduled_for, #version',
  });
  return items as Pick<Post, 'id' | 'status' | 'post_time' | 'scheduled_for' | 'version'>[];
}
