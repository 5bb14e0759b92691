import { toMediaView, type MediaView } from '#shared/domain/media-view';
import { DomainError } from '#shared/domain/errors';
import type { Media, StoredVariant } from '#shared/domain/media';
import { videoRejection } from '#shared/domain/video';
import { logger } from '#shared/logger';
import { mediaKeys } from '#shared/media/object-keys';
import { probeVideoInBox } from '#shared/media/boxed';
import { MediaUnreadable } from '#shared/media/sandbox/run';
import { clock } from '#shared/ports/clock';
import { objectStorage } from '#shared/ports/registry';
import { getMedia, markMediaReady } from '#shared/store/media';
import { invalid, notFound } from './media';
import { refuseUnreadable } from './media-unreadable';
import { releaseDeclaredUpload } from './pending-uploads';

/**
 * POST /media/{id}/complete for a video (docs/api.md, "Video"): the container, codec, duration
 * and dimensions read from the stored bytes in ranges (never the whole file in memory), then the
 * video copied out of the expiring uploads and the media marked ready. Nothing is written
 * when the video is refused; a video that cannot be read within the worker's bounds is deleted.
 */
export async function completeVideo(media: Media): Promise<MediaView> {
  const storage = await objectStorage();
  const size = await storage.size(media.upload_key);
  if (size === undefined) throw invalid('not_uploaded');
  if (size !== media.size_bytes) throw invalid('size_mismatch');
  let facts;
  try {
    // In the media worker: a file that makes the reader loop or allocate without end is cut off there.
    facts = await probeVideoInBox(size, (start, end) => storage.readRange(media.upload_key, start, end));
  } catch (error) {
    if (error instanceof MediaUnreadable) throw await refuseUnreadable(media, error);
    throw error;
  }
  const rejection = videoRejection(facts);
  if (rejection || !facts) {
    const { reason, message } = rejection ?? { reason: 'not_a_video', message: 'The file is not a video' };
    throw new DomainError('INVALID_MEDIA', { reason }, { message });
  }
  const key = mediaKeys(media.account_id, media.id).variant('video');
  await storage.copy(media.upload_key, key);
  // One object serves both platforms: neither needs it re-encoded.
  const video: StoredVariant = { key, content_type: 'video/mp4', width: facts.width, height: facts.height, size_bytes: size };
  const ready = await markMediaReady(media, {
    width: facts.width,
    height: facts.height,
    variants: { linkedin: video, bluesky: video },
    duration_seconds: Math.round(facts.durationSeconds * 1000) / 1000,
  });
  await releaseDeclaredUpload(media);
  const result = ready ?? (await getMedia(media.account_id, media.id, clock.now()));
  if (!result) throw notFound();
  await storage.remove([media.upload_key]).catch((error: Error) => logger.warn('raw upload not removed', { media_id: media.id, error }));
  return toMediaView(result);
}
