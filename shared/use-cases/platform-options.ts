import { DomainError } from '#shared/domain/errors';
import { isDocumentType } from '#shared/domain/media-types';
import { toMediaView, type PostMedia } from '#shared/domain/media-view';
import { checkPlatformOptions, platformOptionsField, type BlueskyOptions, type PlatformOptions } from '#shared/domain/platform-options';
import type { BlueskyRefs, ResolvedPlatformOptions } from '#shared/domain/platform-options-refs';
import type { Platform } from '#shared/domain/platforms';
import type { Post } from '#shared/domain/post';
import { clock } from '#shared/ports/clock';
import { getMedia } from '#shared/store/media';

/**
 * A post's platform options made ready to keep (docs/api.md, "Platform options"): the rules across
 * fields, the LinkedIn document's media found (MEDIA_NOT_FOUND, INVALID_MEDIA not_ready / not_a_pdf),
 * and, with `resolve` (./bluesky-references.ts: creation and edits, not drafts, which the publisher
 * resolves when they go out, nor the preview, which calls no platform), the Bluesky posts answered
 * or quoted looked up: INVALID_FIELD when one does not exist or may not be quoted.
 */
export type ReferenceResolver = (accountId: string, options: BlueskyOptions) => Promise<BlueskyRefs>;

export interface PreparedOptions extends ResolvedPlatformOptions {
  platform_options?: PlatformOptions;
}

export async function preparePlatformOptions(
  accountId: string,
  platforms: readonly Platform[],
  options: PlatformOptions | undefined,
  mediaCount: number,
  resolve?: ReferenceResolver,
): Promise<PreparedOptions> {
  checkPlatformOptions(platforms, options, mediaCount);
  const { platform_options: kept } = platformOptionsField(options);
  if (!kept) return {};
  const document = kept.linkedin?.document ? await findDocument(accountId, kept.linkedin.document.media_id) : undefined;
  const refs = resolve && kept.bluesky ? await resolve(accountId, kept.bluesky) : undefined;
  return {
    platform_options: kept,
    ...(refs && Object.keys(refs).length ? { bluesky_refs: refs } : {}),
    ...(document ? { linkedin_document: document } : {}),
  };
}

/** The document's media: this account's, ready, a PDF. */
async function findDocument(accountId: string, mediaId: string): Promise<PostMedia> {
  const id = mediaId.toLowerCase();
  const media = /^[0-9a-f-]{36}$/.test(id) ? await getMedia(accountId, id, clock.now()) : undefined;
  if (!media) throw new DomainError('MEDIA_NOT_FOUND', {}, { message: `Media ${mediaId} not found` });
  if (!isDocumentType(media.content_type))
    throw new DomainError('INVALID_MEDIA', { reason: 'not_a_pdf' }, { message: `Media ${id} is not a PDF: a LinkedIn document is` });
  if (media.status !== 'ready' || !media.variants)
    throw new DomainError(
      'INVALID_MEDIA',
      { reason: 'not_ready' },
      { message: `Media ${id} is not ready: call POST /media/{id}/complete after the upload` },
    );
  return { ...toMediaView(media), expires_at: null, variants: media.variants };
}

/**
 * A post's platform options after a PATCH (docs/api.md, "Platform options"): `platform_options`
 * sent replaces them as a whole ({} removes them) and is prepared as on creation; absent, the
 * post's are kept, less those of platforms removed, and checked again against the edited media.
 */
export async function editedPlatformOptions(
  accountId: string,
  post: Post,
  sent: PlatformOptions | undefined,
  platforms: readonly Platform[],
  mediaCount: number,
  resolve?: ReferenceResolver,
): Promise<PreparedOptions> {
  if (sent !== undefined) return preparePlatformOptions(accountId, platforms, sent, mediaCount, resolve);
  const kept = Object.fromEntries(
    Object.entries(post.platform_options ?? {}).filter(([platform]) => platforms.includes(platform as Platform)),
  ) as PlatformOptions;
  checkPlatformOptions(platforms, kept, mediaCount);
  const { platform_options: options } = platformOptionsField(kept);
  return {
    ...(options ? { platform_options: options } : {}),
    ...(options?.bluesky && post.bluesky_refs ? { bluesky_refs: post.bluesky_refs } : {}),
    ...(options?.linkedin?.document && post.linkedin_document ? { linkedin_document: post.linkedin_document } : {}),
  };
}
