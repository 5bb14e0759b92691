import { config } from '#shared/config';
import type { Media } from '#shared/domain/media';
import { pendingBytesExceeded, quotaExceeded } from '#shared/domain/quotas';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { pendingAtRefusal, pendingEntryOf, putPendingMedia, releasePending } from '#shared/store/pending-uploads';
import { retryOnConflict } from './store-retries';

/**
 * The pending-uploads quota (docs/api.md, "Quotas"): media declared by POST /media and not yet
 * completed, deleted or expired, at most QUOTA_PENDING_MEDIA of them and QUOTA_PENDING_MEDIA_BYTES
 * of declared size per account, so a key cannot have the service presign without end.
 */

/** Stores new media awaiting upload under the quota; 409 QUOTA_EXCEEDED (nothing written) when full. */
export async function storeDeclaredUpload(media: Media): Promise<void> {
  const { pendingMedia: count, pendingMediaBytes: bytes } = config.quotas;
  if (media.size_bytes > bytes) throw pendingBytesExceeded(bytes);
  for (let attempt = 1; ; attempt += 1) {
    try {
      // Concurrent declarations on real DynamoDB may cancel each other on the one quota item: again.
      await retryOnConflict(8, 'the pending uploads kept changing', () => putPendingMedia(media, { count, bytes }));
      return;
    } catch (error) {
      const pending = pendingAtRefusal(error);
      if (!pending) throw error;
      // Entries of media that expired never completed: they free their places now, then try again.
      const nowSeconds = Math.floor(clock.now().getTime() / 1000);
      const expired = pending.filter((entry) => entry.expiresAt <= nowSeconds);
      if (expired.length === 0 || attempt >= 3) {
        const live = pending.filter((entry) => entry.expiresAt > nowSeconds);
        throw live.length >= count ? quotaExceeded('pending_media', count) : pendingBytesExceeded(bytes);
      }
      await releasePending(
        media.account_id,
        expired.map((entry) => entry.value),
      );
    }
  }
}

/**
 * Media no longer pending (completed, deleted, refused as unreadable) gives its place back. Never
 * fails the request that did it: a place not given back returns when the media would have expired.
 */
export async function releaseDeclaredUpload(media: Media): Promise<void> {
  if (media.status !== 'awaiting_upload') return;
  await releasePending(media.account_id, [pendingEntryOf(media)]).catch((error: Error) =>
    logger.warn('pending upload not released; its place returns at its expiry', { media_id: media.id, error }),
  );
}
