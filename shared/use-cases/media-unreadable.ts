import { DomainError } from '#shared/domain/errors';
import type { Media } from '#shared/domain/media';
import { logger } from '#shared/logger';
import type { MediaUnreadable } from '#shared/media/sandbox/run';
import { objectStorage } from '#shared/ports/registry';
import { deleteMediaItem } from '#shared/store/media';
import { releaseDeclaredUpload } from './pending-uploads';

/**
 * A media whose bytes could not be parsed within the worker's bounds is deleted, record and raw
 * upload (docs/decisions/0144-unreadable-media-is-deleted.md): parsing it again would only burn the
 * same CPU, so a repeated complete answers MEDIA_NOT_FOUND at once instead of parsing again.
 * Nothing else was written: the check comes before any variant.
 */
export async function refuseUnreadable(media: Media, cause: MediaUnreadable): Promise<DomainError> {
  logger.warn('media refused as unreadable', { media_id: media.id, account_id: media.account_id, detail: cause.detail });
  const deleted = await deleteMediaItem(media, [...(media.post_ids ?? [])]);
  if (deleted) {
    await releaseDeclaredUpload(media);
    await (
      await objectStorage()
    )
      .remove([media.upload_key])
      .catch((error: Error) => logger.warn('unreadable upload not removed', { media_id: media.id, error }));
  }
  return new DomainError(
    'INVALID_MEDIA',
    { reason: 'unreadable' },
    { message: `The file could not be read within the bounds set for one file (${cause.detail}); the media has been deleted` },
  );
}
