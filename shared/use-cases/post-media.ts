import type { PostMedia } from '#shared/domain/media-view';
import { toMediaView } from '#shared/domain/media-view';
import { DomainError } from '#shared/domain/errors';
import { isDocumentType, isVideoType } from '#shared/domain/media-types';
import { clock } from '#shared/ports/clock';
import { getMedia } from '#shared/store/media';

/**
 * The media checks of a post (creation, preview; edits too): table reads only, so the
 * functions that run them carry neither the image library nor the storage client.
 */
export const MAX_MEDIA_PER_POST = 4;
/** docs/api.md, "Media": media no post uses disappears 24 hours after its creation (or its release). */
export const UNATTACHED_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The media of a new or edited post, in the order of docs/api.md, "Media": every id must be this account's
 * (MEDIA_NOT_FOUND), then ready (INVALID_MEDIA not_ready), then at most 4 (too_many).
 * Duplicates are merged, as platforms are.
 */
export async function resolvePostMedia(accountId: string, ids: string[] | undefined): Promise<PostMedia[]> {
  if (!ids?.length) return [];
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const now = clock.now();
  const found = await Promise.all(
    unique.map((id) => (/^[0-9a-f-]{36}$/.test(id) ? getMedia(accountId, id, now) : Promise.resolve(undefined))),
  );
  const missing = unique.find((_, index) => !found[index]);
  if (missing !== undefined) throw new DomainError('MEDIA_NOT_FOUND', {}, { message: `Media ${missing} not found` });
  const notReady = found.find((media) => media!.status !== 'ready');
  if (notReady)
    throw new DomainError(
      'INVALID_MEDIA',
      { reason: 'not_ready' },
      { message: `Media ${notReady.id} is not ready: call POST /media/{id}/complete after the upload` },
    );
  // docs/api.md, "Platform options": a PDF is a LinkedIn document, never one of the post's media.
  const document = found.find((media) => isDocumentType(media!.content_type));
  if (document)
    throw new DomainError(
      'INVALID_MEDIA',
      { reason: 'document' },
      { message: `Media ${document.id} is a PDF: attach it as platform_options.linkedin.document` },
    );
  // docs/api.md, "Video": one video, or up to four images, never both.
  const videos = found.filter((media) => isVideoType(media!.content_type)).length;
  if (videos && videos < unique.length)
    throw new DomainError('INVALID_MEDIA', { reason: 'mixed' }, { message: 'A post has one video or up to 4 images, not both' });
  if (videos > 1) throw new DomainError('INVALID_MEDIA', { reason: 'too_many' }, { message: 'A post takes one video' });
  if (unique.length > MAX_MEDIA_PER_POST) throw new DomainError('INVALID_MEDIA', { reason: 'too_many' });
  return found.map((media) => ({ ...toMediaView(media!), variants: media!.variants! }));
}
