import type { Schema } from '#shared/http/validation';
import { MEDIA_TYPES, type MediaType } from '#shared/domain/media-types';

export interface CreateMediaBody {
  content_type: MediaType;
  size_bytes: number;
  alt_text?: string;
}

/** 20 MiB: the largest upload accepted (docs/api.md, "Media"). */
export const MAX_UPLOAD_BYTES = 20_971_520;

export const createMediaSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['content_type', 'size_bytes'],
  properties: {
    content_type: {
      type: 'string',
      enum: [...MEDIA_TYPES],
      description: 'The type of the file you will upload; the upload and complete check it.',
      example: 'image/jpeg',
    },
    size_bytes: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_UPLOAD_BYTES,
      description: 'The exact size of the file in bytes; the upload URL admits only this length.',
      example: 6_291_456,
    },
    alt_text: {
      type: 'string',
      maxLength: 1000,
      description: 'Describes the image for people who cannot see it; sent to both platforms.',
      example: 'A red kite over a snowy hill',
    },
  },
};
