import { toMediaView, type MediaView } from '#shared/domain/media-view';
import { DomainError } from '#shared/domain/errors';
import { logger } from '#shared/logger';
import { prepareImageInBox } from '#shared/media/boxed';
import { ImageRejected, type Variant } from '#shared/media/image-variants';
import { MediaUnreadable } from '#shared/media/sandbox/run';
import { clock } from '#shared/ports/clock';
import { mediaKeys } from '#shared/media/object-keys';
import { objectStorage } from '#shared/ports/registry';
import { type StoredVariant } from '#shared/domain/media';
import { getMedia, markMediaReady } from '#shared/store/media';
import { invalid, notFound } from './media';
import { isDocumentType, isVideoType } from '#shared/domain/media-types';
import { completeDocument } from './document-completion';
import { completeVideo } from './video-completion';
import { refuseUnreadable } from './media-unreadable';
import { releaseDeclaredUpload } from './pending-uploads';

/**
 * POST /media/{id}/complete: the one use case that decodes images (sharp, in the media worker:
 * shared/media/sandbox/), in a module of its own so the other media functions bundle no image library.
 */
/**
 * Checks the uploaded bytes and writes the variants the platforms get. Completing media that
 * is already ready answers it again (a retried request), without redoing the work.
 */
export async function completeMedia(accountId: string, mediaId: string): Promise<MediaView> {
  const media = await getMedia(accountId, mediaId, clock.now());
  if (!media) throw notFound();
  if (media.status === 'ready') return toMediaView(media);
  if (isVideoType(media.content_type)) return completeVideo(media);
  if (isDocumentType(media.content_type)) return completeDocument(media);
  const storage = await objectStorage();
  const bytes = await storage.read(media.upload_key, media.size_bytes).catch((error: Error) => {
    if (error.name === 'ObjectTooLarge') throw invalid('size_mismatch');
    throw error;
  });
  if (!bytes) throw invalid('not_uploaded');
  if (bytes.length !== media.size_bytes) throw invalid('size_mismatch');
  let prepared;
  try {
    prepared = await prepareImageInBox(bytes, media.content_type);
  } catch (error) {
    if (error instanceof MediaUnreadable) throw await refuseUnreadable(media, error);
    if (error instanceof ImageRejected) throw new DomainError('INVALID_MEDIA', { reason: error.reason }, { message: error.message });
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
  await releaseDeclaredUpload(media);
  // Another complete of the same media won the race: its variants are the same bytes.
  const result = ready ?? (await getMedia(accountId, mediaId, clock.now()));
  if (!result) throw notFound();
  // The raw upload (with its metadata) is no longer needed; the bucket's lifecycle rule removes it otherwise.
  await storage.remove([media.upload_key]).catch((error: Error) => logger.warn('raw upload not removed', { media_id: mediaId, error }));
  return toMediaView(result);
}
