import type { Schema } from '#shared/http/validation';
import { MEDIA_TYPES, type MediaType } from '#shared/domain/media-types';
import { MAX_VIDEO_BYTES } from '#shared/domain/video';

export interface CreateMediaBody {
  content_type: MediaType;
  size_bytes: number;
  alt_text?: string;
}

/** The largest upload accepted: a video's 100 MB; images are held to 20 MiB by the use case (docs/api.md, "Media", "Video"). */
export const MAX_UPLOAD_BYTES = MAX_VIDEO_BYTES;

export const createMediaSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['content_type', 'size_bytes'],
  properties: {
    content_type: {
      type: 'string',
      enum: [...MEDIA_TYPES],
      description:
        'The type of the file you will upload (an image, an H.264 MP4 video, or a PDF for a LinkedIn document); the upload and complete check it.',
      example: 'image/jpeg',
    },
    size_bytes: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_UPLOAD_BYTES,
      description:
        'The exact size of the file in bytes; the upload URL admits only this length. Images at most 20971520, video/mp4 and application/pdf at most 100000000.',
      example: 6_291_456,
    },
    alt_text: {
      type: 'string',
      maxLength: 1000,
      description: 'Describes the image or video for people who cannot see it; sent to both platforms.',
      example: 'A red kite over a snowy hill',
    },
  },
};
