import { newId } from '#shared/domain/ids';
import { toMediaView, type MediaView } from '#shared/domain/media-view';
import { ServiceError } from '#shared/http/errors';
import { logger } from '#shared/logger';
import { ImageRejected, prepareImage, type MediaType, type Variant } from '#shared/media/image-variants';
import { clock } from '#shared/ports/clock';
import { mediaKeys, objectStorage, type UploadTarget } from '#shared/ports/object-storage';
import { deleteMediaItem, getMedia, markMediaReady, putNewMedia, type MediaItem, type StoredVariant } from '#shared/store/media';
import { getPostItem } from '#shared/store/posts';
import { isFinalStatus } from '#shared/domain/post-status';
import { UNATTACHED_LIFETIME_MS } from './post-media';

/** CONTRACT section 11: upload URLs live 15 minutes. */
export const UPLOAD_URL_LIFETIME_MS = 15 * 60 * 1000;

export interface NewMedia {
  content_type: MediaType;
  size_bytes: number;
  alt_text?: string;
}

const notFound = () => new ServiceError('MEDIA_NOT_FOUND');
const invalid = (reason: string) => new ServiceError('INVALID_MEDIA', { reason });

export async function createMedia(accountId: string, input: NewMedia): Promise<{ media: MediaView; upload: UploadTarget }> {
  const now = clock.now();
  const id = newId();
  const keys = mediaKeys(accountId, id);
  const media: MediaItem = {
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
  const upload = await (await objectStorage()).uploadUrl(keys.upload, {
    contentType: input.content_type,
    sizeBytes: input.size_bytes,
    expiresAt: new Date(now.getTime() + UPLOAD_URL_LIFETIME_MS),
  });
  await putNewMedia(media);
  return { media: toMediaView(media), upload };
}

export async function readMedia(accountId: string, mediaId: string): Promise<MediaView> {
  const media = await getMedia(accountId, mediaId, clock.now());
  if (!media) throw notFound();
  return toMediaView(media);
}

/**
 * Checks the uploaded bytes and writes the variants the platforms get. Completing media that
 * is already ready answers it again (a retried request), without redoing the work.
 */
export async function completeMedia(accountId: string, mediaId: string): Promise<MediaView> {
  const media = await getMedia(accountId, mediaId, clock.now());
  if (!media) throw notFound();
  if (media.status === 'ready') return toMediaView(media);
  const storage = await objectStorage();
  const bytes = await storage.read(media.upload_key, media.size_bytes).catch((error: Error) => {
    if (error.name === 'ObjectTooLarge') throw invalid('size_mismatch');
    throw error;
  });
  if (!bytes) throw invalid('not_uploaded');
  if (bytes.length !== media.size_bytes) throw invalid('size_mismatch');
  let prepared;
  try {
    prepared = await prepareImage(bytes, media.content_type);
  } catch (error) {
    if (error instanceof ImageRejected) throw new ServiceError('INVALID_MEDIA', { reason: error.reason }, { message: error.message });
    throw error;
  }
  const keys = mediaKeys(accountId, mediaId);
  const store = async (name: 'linkedin' | 'bluesky', variant: Variant): Promise<StoredVariant> => {
    const key = keys.variant(name);
    await storage.write(key, variant.bytes, variant.contentType);
    return { key, content_type: variant.contentType, width: variant.width, height: variant.height, size_bytes: variant.bytes.length };
  };
  const variants = { linkedin: await store('linkedin', prepared.linkedin), bluesky: await store('bluesky', prepared.bluesky) };
  const ready = await markMediaReady(media, { width: prepared.width, height: prepared.height, variants });
  // Another complete of the same media won the race: its variants are the same bytes.
  const result = ready ?? (await getMedia(accountId, mediaId, clock.now()));
  if (!result) throw notFound();
  // The raw upload (with its metadata) is no longer needed; the bucket's lifecycle rule removes it otherwise.
  await storage.remove([media.upload_key]).catch((error: Error) => logger.warn('raw upload not removed', { media_id: mediaId, error }));
  return toMediaView(result);
}

/** Deletes media no pending post uses (CONTRACT: in_use while attached to a post not yet final). */
export async function deleteMedia(accountId: string, mediaId: string): Promise<void> {
  const media = await getMedia(accountId, mediaId, clock.now());
  if (!media) throw notFound();
  const usedBy = [...(media.post_ids ?? [])];
  const posts = await Promise.all(usedBy.map((postId) => getPostItem(postId)));
  if (posts.some((post) => post && !isFinalStatus(post.status))) throw invalid('in_use');
  if (!(await deleteMediaItem(media, usedBy))) throw invalid('in_use');
  const keys = [media.upload_key, ...(media.variants ? [media.variants.linkedin.key, media.variants.bluesky.key] : [])];
  await (await objectStorage()).remove(keys);
}
