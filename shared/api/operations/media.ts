import { createMediaSchema } from '#shared/http/endpoints/create-media/schema';
import type { OperationEntry } from '../operation';

export const exampleMedia = {
  id: '5d1c8a7e-2f4b-4c3a-9e8d-7b6a5f4e3d2c',
  status: 'ready',
  content_type: 'image/jpeg',
  size_bytes: 6_291_456,
  width: 4000,
  height: 3000,
  alt_text: 'A red kite over a snowy hill',
  created_at: '2026-11-23T09:58:01.120Z',
  expires_at: '2026-11-24T09:58:01.120Z',
};

export const mediaOperations: Record<string, OperationEntry> = {
  'create-media': {
    method: 'POST',
    path: '/media',
    dashboardPath: '/dashboard/api/media',
    auth: 'api-key',
    scope: 'draft',
    needs: { media: ['put'] },
    tag: 'Media',
    summary: 'Start an image or video upload',
    description:
      'Declares an image or a video (type, exact size, alt text) and answers a URL to PUT its bytes to, with the headers the upload ' +
      'must carry; the URL admits only that type and size and expires after 15 minutes. Then call complete. Media not ' +
      'attached to a post expires 24 hours after creation. Images are at most 20971520 bytes; a `video/mp4` (H.264, at most ' +
      '3 minutes) at most 100000000 bytes (INVALID_FIELD `size_bytes` beyond). At most 50 uploads per account may be pending ' +
      '(declared, neither completed, deleted nor expired), declaring at most 5000000000 bytes together (QUOTA_EXCEEDED with ' +
      '`quota: "pending_media"`; `limit` is the count, or the bytes when the byte cap is what was hit).',
    body: createMediaSchema,
    idempotent: true,
    success: {
      status: 201,
      description: 'Created, awaiting its upload.',
      schema: 'CreatedMedia',
      example: {
        media: { ...exampleMedia, status: 'awaiting_upload', width: null, height: null },
        upload: {
          url: 'https://social-posting-media.s3.eu-west-1.amazonaws.com/uploads/…?X-Amz-Signature=…',
          method: 'PUT',
          headers: { 'content-type': 'image/jpeg', 'content-length': '6291456' },
          expires_at: '2026-11-23T10:13:01.120Z',
        },
      },
    },
    errors: ['QUOTA_EXCEEDED'],
  },
  'complete-media': {
    method: 'POST',
    path: '/media/{id}/complete',
    dashboardPath: '/dashboard/api/media/{id}/complete',
    auth: 'api-key',
    scope: 'draft',
    deadline: 'outbound',
    memoryMb: 1536,
    needs: { media: ['read', 'put', 'delete'] },
    // Decodes the uploaded image to make its variants.
    nativeModules: ['sharp'],
    tag: 'Media',
    summary: 'Finish an upload: check the image or video and prepare it',
    description:
      'Checks the uploaded bytes themselves (JPEG, PNG or WebP by their magic bytes, the declared type and size, decodable, ' +
      'at most 40 megapixels), strips every metadata block (EXIF, GPS, XMP) from what is published, and prepares each ' +
      "platform's variant (Bluesky's at most 1,000,000 bytes, aspect ratio kept). A video: its container, codec, duration and " +
      'dimensions are read from the bytes (INVALID_MEDIA `not_a_video`, `unsupported_codec` unless H.264, `too_long` over 3 ' +
      'minutes); nothing is written when it is refused. Completing ready media answers it again.',
    success: { status: 200, description: 'Ready to attach to posts.', schema: 'MediaResponse', example: { media: exampleMedia } },
    errors: ['MEDIA_NOT_FOUND', 'INVALID_MEDIA'],
  },
  'get-media': {
    method: 'GET',
    path: '/media/{id}',
    auth: 'api-key',
    scope: 'read',
    tag: 'Media',
    summary: 'Get media',
    description: "Another account's media, or media past its expiry, is MEDIA_NOT_FOUND. Attached media shows `expires_at: null`.",
    success: { status: 200, description: 'The media.', schema: 'MediaResponse', example: { media: exampleMedia } },
    errors: ['MEDIA_NOT_FOUND'],
  },
  'delete-media': {
    method: 'DELETE',
    path: '/media/{id}',
    auth: 'api-key',
    scope: 'draft',
    needs: { media: ['delete'] },
    tag: 'Media',
    summary: 'Delete media',
    description: 'Deletes the image and its variants. Media attached to a post that is not yet final is INVALID_MEDIA `in_use`.',
    success: { status: 204, description: 'Deleted.' },
    errors: ['MEDIA_NOT_FOUND', 'INVALID_MEDIA'],
  },
};
