import { newId } from '#shared/domain/ids';
import { toMediaView, type MediaView } from '#shared/domain/media-view';
import { DomainError } from '#shared/domain/errors';
import { isDocumentType, isVideoType, type MediaType } from '#shared/domain/media-types';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '#shared/domain/video';
import { clock } from '#shared/ports/clock';
import { mediaKeys } from '#shared/media/object-keys';
import { objectStorage } from '#shared/ports/registry';
import { type UploadTarget } from '#shared/ports/object-storage';
import { type Media } from '#shared/domain/media';
import { deleteMediaItem, getMedia } from '#shared/store/media';
import { getPostItem } from '#shared/store/posts';
import { isFinalStatus } from '#shared/domain/post-status';
import { UNATTACHED_LIFETIME_MS } from './post-media';
import { releaseDeclaredUpload, storeDeclaredUpload } from './pending-uploads';

/** docs/api.md, "Media": upload URLs live 15 minutes. */
export const UPLOAD_URL_LIFETIME_MS = 15 * 60 * 1000;

export interface NewMedia {
  content_type: MediaType;
  size_bytes: number;
  alt_text?: string;
}

export const notFound = () => new DomainError('MEDIA_NOT_FOUND');
export const invalid = (reason: string) => new DomainError('INVALID_MEDIA', { reason });

export async function createMedia(accountId: string, input: NewMedia): Promise<{ media: MediaView; upload: UploadTarget }> {
  // A video or a PDF may be 100 MB (the schema's maximum); an image at most 20 MiB.
  if (!isVideoType(input.content_type) && !isDocumentType(input.content_type) && input.size_bytes > MAX_IMAGE_BYTES) {
    throw new DomainError(
      'INVALID_FIELD',
      { field: 'size_bytes' },
      {
        message: `size_bytes: an image is at most ${MAX_IMAGE_BYTES} bytes (a video/mp4 or an application/pdf at most ${MAX_VIDEO_BYTES})`,
      },
    );
  }
  const now = clock.now();
  const id = newId();
  const keys = mediaKeys(accountId, id);
  const media: Media = {
    id,
    account_id: accountId,
    status: 'awaiting_upload',
    content_type: input.content_type,
    size_bytes: input.size_bytes,
    width: null,
    height: null,
    alt_text: input.alt_text ?? '',
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + UNATTACHED_LIFETIME_MS).toISOString(),
    upload_key: keys.upload,
  };
  const upload = await (
    await objectStorage()
  ).uploadUrl(keys.upload, {
    contentType: input.content_type,
    sizeBytes: input.size_bytes,
    expiresAt: new Date(now.getTime() + UPLOAD_URL_LIFETIME_MS),
  });
  // Counted against the account's pending uploads (docs/api.md, "Quotas") in the same write.
  await storeDeclaredUpload(media);
  return { media: toMediaView(media), upload };
}

export async function readMedia(accountId: string, mediaId: string): Promise<MediaView> {
  const media = await getMedia(accountId, mediaId, clock.now());
  if (!media) throw notFound();
  return toMediaView(media);
}

/** Deletes media no pending post uses (docs/api.md, "Media": in_use while attached to a post not yet final). */
export async function deleteMedia(accountId: string, mediaId: string): Promise<void> {
  const media = await getMedia(accountId, mediaId, clock.now());
  if (!media) throw notFound();
  const usedBy = [...(media.post_ids ?? [])];
  const posts = await Promise.all(usedBy.map((postId) => getPostItem(postId)));
  if (posts.some((post) => post && !isFinalStatus(post.status))) throw invalid('in_use');
  if (!(await deleteMediaItem(media, usedBy))) throw invalid('in_use');
  await releaseDeclaredUpload(media);
  const keys = [media.upload_key, ...(media.variants ? [media.variants.linkedin.key, media.variants.bluesky.key] : [])];
  await (await objectStorage()).remove([...new Set(keys)]);
}
