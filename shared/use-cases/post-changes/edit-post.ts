import { applyEdit, readEdit, type PostEdit } from '#shared/domain/post-edit';
import { editRefusal } from '#shared/domain/post-change';
import type { PostView } from '#shared/domain/post-view';
import { DomainError } from '#shared/domain/errors';
import { type Platform } from '#shared/domain/platforms';
import { clock } from '#shared/ports/clock';
import { listProfileItems } from '#shared/store/profiles';
import { isConnectedProfile } from '#shared/domain/profile-author';
import type { IdempotencyClaim } from '../create-post';
import { resolvePostMedia } from '../post-media';
import { editedPlatformOptions } from '../platform-options';
import { resolveBlueskyRefs } from '../bluesky-references';
import { changePost } from './change-post';
import { requireWriteUnlessDraft } from '#shared/domain/drafts';
import type { KeyScope } from '#shared/domain/key-scopes';
import type { AuditActor } from '#shared/domain/audit';
import { publicVersionOf } from '#shared/domain/post';
import { checkExpectedVersion, type ExpectedVersion } from '#shared/domain/version-check';

/**
 * PATCH /posts/{id} (docs/api.md, "Editing, rescheduling and retrying"): edits, reschedules or publishes now a scheduled post.
 * Checks in the documented order: the request's own rules (as POST /posts) → POST_NOT_FOUND →
 * INSUFFICIENT_SCOPE (a draft key on a post) → VERSION_MISMATCH (a version pinned) → POST_PUBLISHED / INVALID_POST_STATE → MEDIA_NOT_FOUND / INVALID_MEDIA (when media is sent) →
 * PLATFORMS_NOT_CONNECTED (when platforms are sent) →
 * LinkedIn spacing. `{}`, or an edit that changes nothing, answers the post and writes nothing.
 */
export async function editPost(
  accountId: string,
  postId: string,
  edit: PostEdit,
  idempotency: IdempotencyClaim | undefined,
  caller: { scope: KeyScope; actor: AuditActor },
  expected?: ExpectedVersion,
): Promise<{ post: PostView }> {
  const { scope, actor } = caller;
  const read = readEdit(edit, clock.now());
  return changePost(
    accountId,
    postId,
    async (post, now) => {
      // A draft key edits drafts only (docs/api.md, "Drafts"); a draft stays one, unchecked for connections.
      const draft = post.status === 'draft';
      requireWriteUnlessDraft(scope, draft);
      // The version pinned (docs/api.md, "Versions and If-Match") on this read; the write is conditional on it.
      checkExpectedVersion(expected, publicVersionOf(post));
      const refusal = editRefusal(post.status);
      if (refusal) throw refusal;
      // MEDIA_NOT_FOUND and INVALID_MEDIA come before PLATFORMS_NOT_CONNECTED, as on POST /posts.
      const media = read.media === undefined ? undefined : await resolvePostMedia(accountId, read.media);
      const platforms = read.platforms ?? post.platforms;
      const mediaCount = (media ?? post.media ?? []).length;
      const options = await editedPlatformOptions(
        accountId,
        post,
        read.platform_options,
        platforms,
        mediaCount,
        draft ? undefined : resolveBlueskyRefs,
      );
      if (read.platforms && !draft) await requireConnected(accountId, read.platforms);
      return applyEdit(post, read, now, media, options);
    },
    {
      refusal: editRefusal,
      idempotency,
      audit: ({ next }) => ({
        actor,
        action: 'post.edited',
        target: { type: 'post', id: postId },
        version: publicVersionOf(next),
        details: { status: next.status },
      }),
    },
  );
}

/** PLATFORMS_NOT_CONNECTED naming every platform of the list without a connected profile. */
export async function requireConnected(accountId: string, platforms: readonly Platform[]): Promise<void> {
  const connected = new Set((await listProfileItems(accountId)).filter(isConnectedProfile).map((profile) => profile.platform));
  const missing = platforms.filter((platform) => !connected.has(platform));
  if (missing.length) throw new DomainError('PLATFORMS_NOT_CONNECTED', { missing_platforms: missing });
}
