import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredFirstComment } from '#shared/domain/first-comment';
import type { Platform } from '#shared/domain/platforms';
import type { Post } from '#shared/domain/post';
import { db, tableName } from './client';
import type { PlatformClaim } from './post-publication';
import { postKey, toPost } from './posts';
import { isConditionFailure, oldItemOf } from './transaction-errors';

/**
 * The first comment's conditional writes (docs/api.md, "First comment"), the post's claim
 * discipline one level down: `results.<platform>.first_comment` is claimed by one run (and taken
 * over only after its lease), marked before a call that cannot be repeated, and recorded over the
 * claim. Only a platform whose post is published, of a post still publishing, can be claimed:
 * the post is finalised once every comment is settled.
 */
export async function claimFirstComment(
  postId: string,
  platform: Platform,
  now: Date,
  staleBefore: Date,
  claimId: string,
): Promise<PlatformClaim> {
  const claim: StoredFirstComment = { status: 'publishing', url: null, error: null, claim_id: claimId, claimed_at: now.toISOString() };
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: postKey(postId),
        UpdateExpression: 'SET results.#p.#fc = :claim',
        ConditionExpression:
          '#status = :postPublishing AND results.#p.#rs = :published AND (attribute_not_exists(results.#p.#fc) OR ' +
          '(results.#p.#fc.#rs = :publishing AND (results.#p.#fc.claimed_at < :stale OR results.#p.#fc.claim_id = :claimId)))',
        ExpressionAttributeNames: { '#p': platform, '#fc': 'first_comment', '#rs': 'status', '#status': 'status' },
        ExpressionAttributeValues: {
          ':claim': claim,
          ':postPublishing': 'publishing',
          ':published': 'published',
          ':publishing': 'publishing',
          ':stale': staleBefore.toISOString(),
          ':claimId': claimId,
        },
        ReturnValues: 'UPDATED_OLD',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    const previous = (Attributes?.results as Record<string, { first_comment?: StoredFirstComment }> | undefined)?.[platform]?.first_comment;
    if (!previous || previous.claim_id === claimId) return { outcome: 'claimed' };
    return { outcome: 'reclaimed-after-crash', dispatched: previous.dispatched_at !== undefined };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const item = oldItemOf(error) as { status?: string; results?: Record<string, { first_comment?: StoredFirstComment }> } | undefined;
    const held = item?.results?.[platform]?.first_comment;
    return item?.status === 'publishing' && held?.status === 'publishing' && held.claimed_at
      ? { outcome: 'not-ours', heldSince: held.claimed_at }
      : { outcome: 'not-ours' };
  }
}

/** Marks, under this run's claim, that the comment call is about to begin (a run taking over later must not repeat it blindly). */
export async function markFirstCommentDispatching(postId: string, platform: Platform, claimId: string, now: Date): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: postKey(postId),
      UpdateExpression: 'SET results.#p.#fc.dispatched_at = :now',
      ConditionExpression: 'results.#p.#fc.claim_id = :claim AND results.#p.#fc.#rs = :publishing',
      ExpressionAttributeNames: { '#p': platform, '#fc': 'first_comment', '#rs': 'status' },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':claim': claimId, ':publishing': 'publishing' },
    }),
  );
}

/** Records the comment's outcome over this run's claim; the post as it now is. Repeating it is harmless. */
export async function recordFirstComment(postId: string, platform: Platform, outcome: StoredFirstComment, claimId: string): Promise<Post> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: postKey(postId),
      UpdateExpression: 'SET results.#p.#fc = :outcome',
      ConditionExpression: 'results.#p.#fc.claim_id = :claim',
      ExpressionAttributeNames: { '#p': platform, '#fc': 'first_comment' },
      ExpressionAttributeValues: { ':outcome': { ...outcome, claim_id: claimId }, ':claim': claimId },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toPost(Attributes as Record<string, unknown>);
}
