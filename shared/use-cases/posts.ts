import { toPostView, type PostView } from '#shared/domain/post-view';
import { logger } from '#shared/logger';
import { DomainError } from '#shared/domain/errors';
import { type Platform } from '#shared/domain/platforms';
import { clock } from '#shared/ports/clock';
import { scheduler } from '#shared/ports/registry';
import { detachMedia } from '#shared/store/media';
import { publicVersionOf, versionOf, type Post } from '#shared/domain/post';
import type { AuditActor } from '#shared/domain/audit';
import { auditPutItem } from '#shared/store/audit-log';
import type { PostStatus } from '#shared/domain/post-status';
import { deletePostItem, getPostItem, queryAccountPosts, writeTransaction } from '#shared/store/posts';
import { releaseSpacingSlotItem } from '#shared/store/spacing-slots';
import { releaseQueueSlotItem } from '#shared/store/queue';
import { cancellationReasons } from '#shared/store/transaction-errors';
import { retryOnConflict, StaleRead, withStoreRetries } from './store-retries';
import { UNATTACHED_LIFETIME_MS } from './post-media';
import { decodeCursor, encodeCursor } from './post-cursor';
import { requireWriteUnlessDraft } from '#shared/domain/drafts';
import type { KeyScope } from '#shared/domain/key-scopes';

/** The account's post, or POST_NOT_FOUND (unknown, deleted, or another account's: indistinguishable). */
async function ownPost(accountId: string, postId: string): Promise<Post> {
  logger.appendKeys({ post_id: postId }); // on the request's summary line: "what happened to post X"
  const post = await getPostItem(postId);
  if (!post || post.account_id !== accountId) throw new DomainError('POST_NOT_FOUND');
  return post;
}

export async function getPost(accountId: string, postId: string): Promise<PostView> {
  return toPostView(await ownPost(accountId, postId));
}

export interface PostListQuery {
  status?: PostStatus;
  platform?: Platform;
  limit?: number;
  cursor?: string;
}

/** A page of the account's posts, newest first, with an opaque cursor to the next page. */
export async function listPosts(accountId: string, query: PostListQuery): Promise<{ posts: PostView[]; next_cursor: string | null }> {
  const page = await queryAccountPosts(accountId, {
    limit: query.limit ?? 20,
    status: query.status,
    platform: query.platform,
    startKey: query.cursor === undefined ? undefined : decodeCursor(query.cursor, accountId),
  });
  return { posts: page.posts.map(toPostView), next_cursor: page.nextKey ? encodeCursor(page.nextKey) : null };
}

const DELETABLE: readonly PostStatus[] = ['draft', 'scheduled', 'failed'];

/**
 * Deletes a scheduled or failed post, releasing its LinkedIn slot and cancelling its
 * schedule. A post being or already published gives POST_PUBLISHED (docs/api.md, "Posts").
 * The status and version conditions make a race with the publisher or an edit safe: whichever
 * commits first wins (an edit that moved the slot meanwhile makes the delete read again).
 */
export async function deletePost(accountId: string, postId: string, caller: { scope: KeyScope; actor: AuditActor }): Promise<void> {
  const { post, version } = await retryOnConflict(3, 'the post kept changing under the delete', () =>
    attemptDeletion(accountId, postId, caller),
  );
  await afterDeletion(post, version);
}

async function attemptDeletion(
  accountId: string,
  postId: string,
  { scope, actor }: { scope: KeyScope; actor: AuditActor },
): Promise<{ post: Post; version: number }> {
  const post = await ownPost(accountId, postId);
  // A draft key deletes drafts only (docs/api.md, "Drafts").
  requireWriteUnlessDraft(scope, post.status === 'draft');
  if (!DELETABLE.includes(post.status)) throw new DomainError('POST_PUBLISHED');
  const version = versionOf(post);
  const sameVersion = version ? ' AND #version = :version' : ' AND attribute_not_exists(#version)';
  const deletion = deletePostItem(post, DELETABLE, sameVersion);
  Object.assign(deletion.Delete.ExpressionAttributeNames, { '#version': 'version' });
  if (version) Object.assign(deletion.Delete.ExpressionAttributeValues, { ':version': version });
  try {
    await writeTransaction([
      deletion,
      // A failed post gave its slot back when it failed; a scheduled one still holds it.
      ...(post.spacing_bucket !== undefined && post.status === 'scheduled'
        ? [releaseSpacingSlotItem(accountId, post.spacing_bucket, post.id)]
        : []),
      // Its posting-queue slot, likewise (docs/api.md, "Posting queue").
      ...(post.queue_slot_ms !== undefined ? [releaseQueueSlotItem(accountId, post.queue_slot_ms, post.id)] : []),
      // Last and unconditional (docs/api.md, "Audit trail"): the version is the one deleted.
      auditPutItem(
        accountId,
        {
          actor,
          action: 'post.deleted',
          target: { type: 'post', id: post.id },
          version: publicVersionOf(post),
          details: { status: post.status },
        },
        clock.now(),
      ),
    ]);
  } catch (error) {
    // Another transaction on the same items (real DynamoDB cancels both ways) passes up as it is: retryOnConflict reads again.
    const [deleted] = cancellationReasons(error) ?? [];
    if (!deleted?.conditionFailed) throw error;
    if (!deleted.item) throw new DomainError('POST_NOT_FOUND');
    if (!DELETABLE.includes(deleted.item.status as PostStatus)) throw new DomainError('POST_PUBLISHED');
    // Edited meanwhile (another version): read it again and delete what is there now.
    throw new StaleRead();
  }
  return { post, version };
}

/**
 * Tidying after the deletion committed, which must not turn a done deletion into an error (a
 * retry would only meet POST_NOT_FOUND): a schedule left behind finds no post and does nothing;
 * images left marked as used stay kept (never lost early) and are logged for the runbook's sweep.
 */
async function afterDeletion(post: Post, version: number): Promise<void> {
  if (post.status === 'scheduled') {
    await (
      await scheduler()
    )
      .cancel(post.id, version)
      .catch((error: unknown) => logger.warn('schedule of a deleted post not cancelled; it will find no post', { error: error as Error }));
  }
  // Its images are no longer kept for it: unused by any other post, they expire in 24 h.
  const expiresAt = new Date(clock.now().getTime() + UNATTACHED_LIFETIME_MS);
  await Promise.all(
    (post.media ?? []).map((media) =>
      withStoreRetries('detach-media', () => detachMedia(media.id, post.id, expiresAt)).catch((error: unknown) =>
        logger.warn('image of a deleted post still marked as used by it', { media_id: media.id, error: error as Error }),
      ),
    ),
  );
}
