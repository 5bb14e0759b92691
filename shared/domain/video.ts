/**
 * Video rules (docs/api.md, "Video"): the tighter of both platforms' limits. Bluesky's video
 * service takes at most 100 MB (decimal) and 3 minutes; LinkedIn takes more of both.
 */
export const MAX_VIDEO_BYTES = 100_000_000;
export const MAX_VIDEO_SECONDS = 180;
/** 20 MiB: the largest image upload (docs/api.md, "Media"). */
export const MAX_IMAGE_BYTES = 20_971_520;

/** What `complete` reads from a video's bytes. */
export interface VideoFacts {
  /** The container as the reader names it (MP4, QuickTime: both ISO BMFF). */
  container: string;
  /** The reader's codec name of the primary video track: `avc` for H.264. */
  codec: string | null;
  durationSeconds: number;
  width: number;
  height: number;
}

export type VideoRejection = 'not_a_video' | 'too_long' | 'unsupported_codec';

/** Why a video cannot be published, or undefined when it can. */
export function videoRejection(facts: VideoFacts | undefined): { reason: VideoRejection; message: string } | undefined {
  if (!facts || !(facts.width > 0 && facts.height > 0))
    return { reason: 'not_a_video', message: 'The file is not a readable MP4 video with a video track' };
  if (facts.codec !== 'avc')
    return { reason: 'unsupported_codec', message: `The video is ${facts.codec ?? 'of an unknown codec'}; only H.264 (AVC) is accepted` };
  if (!(facts.durationSeconds <= MAX_VIDEO_SECONDS))
    return {
      reason: 'too_long',
      message: `The video lasts ${Math.round(facts.durationSeconds)} seconds; the maximum is ${MAX_VIDEO_SECONDS}`,
    };
  return undefined;
}
