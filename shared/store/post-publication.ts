import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '#shared/http/errors';
import { db, tableName } from './client';
import { postKey, toPost, writeTransaction, type PlatformResult, type PostItem, type PostStatus } from './posts';
import { releaseSpacingSlotItem } from './spacing-slots';
import { putWebhookEventItem, type WebhookEvent } from './webhook-events';

/**
 * The publisher's conditional writes. Every step is a claim that only one invocation can
 * win, so retries, duplicate invocations and restarts after a crash never publish a
 * platform twice.
 */
const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

/**
 * scheduled → publishing, for the post at the time and version the caller read: the claimed post
 * as it now is (publish from this, not from an earlier read). Undefined when the post is no longer
 * scheduled at that time in that version (deleted, moved, edited, or taken): an edit committed
 * first wins, and its own trigger publishes it.
 */
export async function claimScheduledPost(postId: string, postTime: string, version = 0): Promise<PostItem | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: postKey(postId),
        UpdateExpression: 'SET #status = :publishing',
        ConditionExpression: `#status = :scheduled AND post_time = :postTime AND ${version ? '#version = :version' : 'attribute_not_exists(#version)'}`,
        ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
        ExpressionAttributeValues: { ':publishing': 'publishing', ':scheduled': 'scheduled', ':postTime': postTime, ...(version ? { ':version': version } : {}) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toPost(Attributes as Record<string, unknown>);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

export type PlatformClaim = 'claimed' | 'reclaimed-after-crash' | 'not-ours';

/**
 * pending → publishing for one platform of a publishing post. A claim older than `staleBefore`
 * was left by an invocation that died mid-publish: it is taken over, and the caller told so
 * (the platform may already have the post).
 */
export async function claimPlatform(postId: string, platform: Platform, now: Date, staleBefore: Date): Promise<PlatformClaim> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: postKey(postId),
        UpdateExpression: 'SET results.#p.#rs = :publishing, results.#p.claimed_at = :now',
        ConditionExpression:
          '#status = :postPublishing AND (results.#p.#rs = :pending OR (results.#p.#rs = :publishing AND results.#p.claimed_at < :stale))',
        ExpressionAttributeNames: { '#p': platform, '#rs': 'status', '#status': 'status' },
        ExpressionAttributeValues: {
          ':publishing': 'publishing',
          ':pending': 'pending',
          ':postPublishing': 'publishing',
          ':now': now.toISOString(),
          ':stale': staleBefore.toISOString(),
        },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    const previous = (Attributes?.results as Record<string, { status?: string }> | undefined)?.[platform]?.status;
    return previous === 'publishing' ? 'reclaimed-after-crash' : 'claimed';
  } catch (error) {
    if (isConditionFailure(error)) return 'not-ours';
    throw error;
  }
}

/** Records a platform's final result, only over this invocation's claim; returns the post as it now is. */
export async function recordPlatformResult(postId: string, platform: Platform, result: PlatformResult): Promise<PostItem> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: postKey(postId),
      UpdateExpression: 'SET results.#p = :result',
      ConditionExpression: 'results.#p.#rs = :publishing',
      ExpressionAttributeNames: { '#p': platform, '#rs': 'status' },
      ExpressionAttributeValues: { ':result': result, ':publishing': 'publishing' },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as PostItem;
}

/**
 * publishing → its final status, with the webhook event that announces it (the outbox write) in
 * the same transaction. A failed post gives its LinkedIn spacing slot back in that transaction
 * too. False when another invocation finalised it first.
 */
export async function finalizePost(post: PostItem, status: Exclude<PostStatus, 'scheduled' | 'publishing'>, publishedAt: string | null, event: WebhookEvent): Promise<boolean> {
  const releaseSlot = status === 'failed' && post.spacing_bucket !== undefined;
  const update = {
    Update: {
      TableName: tableName,
      Key: postKey(post.id),
      UpdateExpression: `SET #status = :final, published_at = :publishedAt${releaseSlot ? ' REMOVE spacing_bucket' : ''}`,
      ConditionExpression: '#status = :publishing',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':final': status, ':publishedAt': publishedAt, ':publishing': 'publishing' },
    },
  };
  try {
    await writeTransaction([
      update,
      putWebhookEventItem(event),
      ...(releaseSlot ? [releaseSpacingSlotItem(post.account_id, post.spacing_bucket as number, post.id)] : []),
    ]);
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}
