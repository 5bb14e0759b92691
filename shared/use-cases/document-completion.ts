import { toMediaView, type MediaView } from '#shared/domain/media-view';
import { DomainError } from '#shared/domain/errors';
import { MAX_DOCUMENT_PAGES } from '#shared/domain/documents';
import type { Media, StoredVariant } from '#shared/domain/media';
import { logger } from '#shared/logger';
import { countPdfPagesInBox } from '#shared/media/boxed';
import { mediaKeys } from '#shared/media/object-keys';
import { hasPdfHeader } from '#shared/media/pdf-pages';
import { MediaUnreadable } from '#shared/media/sandbox/run';
import { clock } from '#shared/ports/clock';
import { objectStorage } from '#shared/ports/registry';
import { getMedia, markMediaReady } from '#shared/store/media';
import { invalid, notFound } from './media';
import { refuseUnreadable } from './media-unreadable';
import { releaseDeclaredUpload } from './pending-uploads';

/**
 * POST /media/{id}/complete for a PDF (docs/api.md, "Platform options"): the header bytes first
 * (`%PDF-`, else not_a_pdf, without reading the rest), then the page count read by pdf-lib in the
 * media worker (too_many_pages over 300; not_a_pdf when it cannot be read as one). The PDF is then
 * copied out of the expiring uploads; one object serves LinkedIn (the only platform that takes it).
 */
export async function completeDocument(media: Media): Promise<MediaView> {
  const storage = await objectStorage();
  const size = await storage.size(media.upload_key);
  if (size === undefined) throw invalid('not_uploaded');
  if (size !== media.size_bytes) throw invalid('size_mismatch');
  if (!hasPdfHeader(await storage.readRange(media.upload_key, 0, Math.min(5, size)))) throw notAPdf();
  const bytes = await storage.read(media.upload_key, size);
  if (!bytes) throw invalid('not_uploaded');
  let pages: number | undefined;
  try {
    pages = await countPdfPagesInBox(bytes);
  } catch (error) {
    if (error instanceof MediaUnreadable) throw await refuseUnreadable(media, error);
    throw error;
  }
  if (pages === undefined) throw notAPdf();
  if (pages > MAX_DOCUMENT_PAGES)
    throw new DomainError(
      'INVALID_MEDIA',
      { reason: 'too_many_pages' },
      { message: `The PDF has ${pages} pages; a LinkedIn document has at most ${MAX_DOCUMENT_PAGES}` },
    );
  const key = mediaKeys(media.account_id, media.id).variant('document');
  await storage.copy(media.upload_key, key);
  const document: StoredVariant = { key, content_type: 'application/pdf', width: 0, height: 0, size_bytes: size };
  const ready = await markMediaReady(media, { width: null, height: null, variants: { linkedin: document, bluesky: document } });
  await releaseDeclaredUpload(media);
  const result = ready ?? (await getMedia(media.account_id, media.id, clock.now()));
  if (!result) throw notFound();
  await storage.remove([media.upload_key]).catch((error: Error) => logger.warn('raw upload not removed', { media_id: media.id, error }));
  return toMediaView(result);
}

const notAPdf = () => new DomainError('INVALID_MEDIA', { reason: 'not_a_pdf' }, { message: 'The file is not a readable PDF' });
