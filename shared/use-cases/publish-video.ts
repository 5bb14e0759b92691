import { isVideoType } from '#shared/domain/media-types';
import type { Platform } from '#shared/domain/platforms';
import type { Post } from '#shared/domain/post';
import { clock } from '#shared/ports/clock';
import { objectStorage } from '#shared/ports/registry';
import type { PublishVideo } from '#shared/platforms/publisher';
import { getVideoJob, putVideoJob } from '#shared/store/video-jobs';
import { withStoreRetries } from './store-retries';

/**
 * The post's video for a platform's publisher (docs/api.md, "Video"): its bytes read in ranges
 * from storage, and the platform's video job remembered per post, so a publish after a crash
 * resumes the job rather than uploading the video twice.
 */
export function videoFor(post: Post, platform: Platform): PublishVideo | undefined {
  const media = post.media?.find((one) => isVideoType(one.content_type));
  if (!media) return undefined;
  const variant = media.variants[platform];
  return {
    mediaId: media.id,
    sizeBytes: variant.size_bytes,
    width: variant.width,
    height: variant.height,
    altText: media.alt_text,
    read: async (start, end) => (await objectStorage()).readRange(variant.key, start, end),
    savedJob: () => getVideoJob(post.id, platform, clock.now()),
    saveJob: (jobId) => withStoreRetries('save-video-job', () => putVideoJob(post.id, platform, jobId, clock.now())),
  };
}

/** Whether a media of a post is a video (its images exclude it). */
export const isVideoMedia = (media: { content_type: string }): boolean => isVideoType(media.content_type);
