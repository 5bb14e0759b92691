import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '#shared/domain/platforms';
import { db, tableName } from './client';
import { publicVersionOf, type PlatformResult, type Post } from '#shared/domain/post';
import type { PostStatus } from '#shared/domain/post-status';
import { postKey, toPost, writeTransaction } from './posts';
import { releaseSpacingSlotItem } from './spacing-slots';
import { releaseQueueSlotItem } from './queue';
import { cancellationReasons, isConditionFailure, isTransactionConflict, oldItemOf } from './transaction-errors';
import { type WebhookEvent } from '#shared/domain/webhook';
import { putWebhookEventItem } from './webhook-events';

/** The public version one up, for an item that may not have one yet (`:revisionBase`, `:one`). */
const NEXT_REVISION = '#revision = if_not_exists(#revision, :revisionBase) + :one';

/**
 * The publisher's conditional writes. Every step is a claim that only one invocation can
 * win, so retries, duplicate invocations and restarts after a crash never publish a
 * platform twice.
 */
/**
 * scheduled → publishing, for the post at the time and version the caller read: the claimed post
 * as it now is (publish from this, not from an earlier read). Undefined when the post is no longer
 * scheduled at that time in that version (deleted, moved, edited, or taken): an edit committed
 * first wins, and its own trigger publishes it.
 */
export async function claimScheduledPost(postId: string, postTime: string, version = 0): Promise<Post | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: postKey(postId),
        // A status change moves the public version (docs/api.md, "Versions and If-Match").
        UpdateExpression: `SET #status = :publishing, ${NEXT_REVISION}`,
        ConditionExpression: `#status = :scheduled AND post_time = :postTime AND ${version ? '#version = :version' : 'attribute_not_exists(#version)'}`,
        ExpressionAttributeNames: { '#status': 'status', '#version': 'version', '#revision': 'revision' },
        ExpressionAttributeValues: {
          ':publishing': 'publishing',
          // A post without a public version yet (written before it existed) counts from its edits.
          ':revisionBase': publicVersionOf({ version }),
          ':one': 1,
          ':scheduled': 'scheduled',
          ':postTime': postTime,
          ...(version ? { ':version': version } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toPost(Attributes as Record<string, unknown>);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

export type PlatformClaim =
  | { outcome: 'claimed' }
  /** Taken over from a run that died; `dispatched` when that run had marked the platform call as begun. */
  | { outcome: 'reclaimed-after-crash'; dispatched: boolean }
  /** Another run holds the platform (`heldSince` when it is mid-publish), or it is already final. */
  | { outcome: 'not-ours'; heldSince?: string };

/**
 * pending → publishing for one platform of a publishing post, under `claimId` (the run's own id).
 * A claim older than `staleBefore` was left by an invocation that died mid-publish: it is taken
 * over, and the caller told so (the platform may already have the post). A claim already holding
 * `claimId` is this run's own: the store applied an earlier attempt whose answer was lost (a
 * timeout after the write), so the SDK's retry of it must not read as someone else's claim.
 */
export async function claimPlatform(
  postId: string,
  platform: Platform,
  now: Date,
  staleBefore: Date,
  claimId: string,
): Promise<PlatformClaim> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: postKey(postId),
        UpdateExpression:
          'SET results.#p.#rs = :publishing, results.#p.claimed_at = :now, results.#p.claim_id = :claim REMOVE results.#p.dispatched_at',
        ConditionExpression:
          '#status = :postPublishing AND (results.#p.#rs = :pending OR (results.#p.#rs = :publishing AND (results.#p.claimed_at < :stale OR results.#p.claim_id = :claim)))',
        ExpressionAttributeNames: { '#p': platform, '#rs': 'status', '#status': 'status' },
        ExpressionAttributeValues: {
          ':publishing': 'publishing',
          ':pending': 'pending',
          ':postPublishing': 'publishing',
          ':now': now.toISOString(),
          ':stale': staleBefore.toISOString(),
          ':claim': claimId,
        },
        ReturnValues: 'UPDATED_OLD',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    const previous = (Attributes?.results as Record<string, { status?: string; claim_id?: string; dispatched_at?: string }> | undefined)?.[
      platform
    ];
    if (previous?.status !== 'publishing' || previous.claim_id === claimId) return { outcome: 'claimed' };
    return { outcome: 'reclaimed-after-crash', dispatched: previous.claim_id === undefined || previous.dispatched_at !== undefined };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const held = heldClaim(oldItemOf(error), platform);
    return { outcome: 'not-ours', ...(held ? { heldSince: held } : {}) };
  }
}

/**
 * Marks, under this run's claim, that the platform call is about to begin: a run taking the claim
 * over later knows a platform without this mark was never called (publishing it is safe), and one
 * with it may hold the post. Conditional on the claim, so a run whose lease ran out and was taken
 * over fails here instead of calling the platform.
 */
export async function markDispatching(postId: string, platform: Platform, claimId: string, now: Date): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: postKey(postId),
      UpdateExpression: 'SET results.#p.dispatched_at = :now',
      ConditionExpression: 'results.#p.claim_id = :claim AND results.#p.#rs = :publishing',
      ExpressionAttributeNames: { '#p': platform, '#rs': 'status' },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':claim': claimId, ':publishing': 'publishing' },
    }),
  );
}

/** When another run claimed the platform of the post as it was, if one holds it. */
function heldClaim(item: Record<string, unknown> | undefined, platform: Platform): string | undefined {
  if (!item) return undefined;
  const post = item as { status?: string; results?: Record<string, { status?: string; claimed_at?: string }> };
  const result = post.results?.[platform];
  return post.status === 'publishing' && result?.status === 'publishing' ? result.claimed_at : undefined;
}

/**
 * Records a platform's final result over this run's claim (`claimId`); returns the post as it now
 * is. Repeating it is harmless (the SDK retrying a write whose answer was lost writes the same
 * result under the same claim); a run whose claim was taken over after its lease fails here.
 */
export async function recordPlatformResult(postId: string, platform: Platform, result: PlatformResult, claimId: string): Promise<Post> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: postKey(postId),
      UpdateExpression: 'SET results.#p = :result',
      ConditionExpression: 'results.#p.claim_id = :claim',
      ExpressionAttributeNames: { '#p': platform },
      ExpressionAttributeValues: { ':result': { ...result, claim_id: claimId }, ':claim': claimId },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as Post;
}

/**
 * publishing → its final status, with the webhook event that announces it (the outbox write) in
 * the same transaction when some endpoint wants it (`event` undefined: none does, nothing is
 * recorded). A failed post gives its LinkedIn spacing slot back in that transaction too. False
 * when another invocation finalised it first.
 */
export async function finalizePost(
  post: Post,
  status: Exclude<PostStatus, 'draft' | 'scheduled' | 'publishing'>,
  publishedAt: string | null,
  event: WebhookEvent | undefined,
): Promise<boolean> {
  const releaseSlot = status === 'failed' && post.spacing_bucket !== undefined;
  // A failed queued post frees its posting-queue slot too (docs/api.md, "Posting queue").
  const releaseQueueSlot = status === 'failed' && post.queue_slot_ms !== undefined;
  const removed = [...(releaseSlot ? ['spacing_bucket'] : []), ...(releaseQueueSlot ? ['queue_slot_ms'] : [])];
  const update = {
    Update: {
      TableName: tableName,
      Key: postKey(post.id),
      UpdateExpression: `SET #status = :final, published_at = :publishedAt, ${NEXT_REVISION}${removed.length ? ` REMOVE ${removed.join(', ')}` : ''}`,
      ConditionExpression: '#status = :publishing',
      ExpressionAttributeNames: { '#status': 'status', '#revision': 'revision' },
      ExpressionAttributeValues: {
        ':final': status,
        ':publishedAt': publishedAt,
        ':publishing': 'publishing',
        ':revisionBase': publicVersionOf(post),
        ':one': 1,
      },
    },
  };
  try {
    await writeTransaction([
      update,
      ...(event ? [putWebhookEventItem(event)] : []),
      ...(releaseSlot ? [releaseSpacingSlotItem(post.account_id, post.spacing_bucket as number, post.id)] : []),
      ...(releaseQueueSlot ? [releaseQueueSlotItem(post.account_id, post.queue_slot_ms as number, post.id)] : []),
    ]);
    return true;
  } catch (error) {
    const reasons = cancellationReasons(error);
    // Cancelled by its condition: another run finalised it. Cancelled by a conflict: nothing was
    // written, and the caller retries it as any other transient store failure.
    if (reasons && !isTransactionConflict(reasons)) return false;
    throw error;
  }
}
