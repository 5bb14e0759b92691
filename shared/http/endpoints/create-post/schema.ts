import type { PlatformContent } from '#shared/domain/platform-content';
import type { PlatformOptions } from '#shared/domain/platform-options';
import { type ErrorCode } from '#shared/domain/errors';
import { VALID_PLATFORMS, type Platform } from '#shared/domain/platforms';
import { requiredText } from '#shared/http/required-text';
import type { Schema } from '#shared/http/validation';
import { utmCampaignSchema } from '#shared/http/endpoints/put-settings/schema';
import type { RepeatRequest } from '#shared/domain/repeat-rule';
import { repeatSchema } from '#shared/http/endpoints/patch-series/schema';
import { platformOptionsSchema } from './platform-options-schema';

export const MAX_CONTENT_LENGTH = 3000;

export interface CreatePostBody {
  content: string;
  platforms: Platform[];
  scheduled_for?: string | null;
  platform_content?: PlatformContent;
  link_preview?: boolean;
  track_links?: boolean;
  utm_campaign?: string;
  media?: string[];
  draft?: boolean;
  queue?: boolean;
  first_comment?: string | null;
  platform_first_comment?: PlatformContent;
  repeat?: RepeatRequest;
  evergreen?: boolean;
  platform_options?: PlatformOptions;
}

/** One platform's text: the same rules (and codes) as `content`. */
const platformText = (platform: string): Schema => ({
  ...requiredText(MAX_CONTENT_LENGTH, {
    description: `The text ${platform} receives instead of content; at most 3000 UTF-16 code units.`,
    example: 'Shipping v2 today #launch',
  }),
  'x-error-codes': {
    minLength: 'MISSING_REQUIRED_FIELD',
    pattern: 'MISSING_REQUIRED_FIELD',
    format: 'INVALID_FIELD',
    maxLength: 'CONTENT_TOO_LONG',
  },
});

/**
 * `platform_content`, a reusable piece (PATCH /posts/{id} takes it too). Errors name the nested
 * field (`platform_content.linkedin`); see shared/http/validation.ts for their precedence.
 */
export const platformContentSchema: Schema = {
  type: 'object',
  description: 'Optional text per platform, used instead of content there; each key must be one of platforms.',
  additionalProperties: false,
  properties: Object.fromEntries(VALID_PLATFORMS.map((platform) => [platform, platformText(platform)])),
  example: { bluesky: 'Shipping v2 today 🚀' },
};

/**
 * `media`: ids from POST /media. Their existence, readiness and the limit of 4 are checked
 * after the scheduled time (MEDIA_NOT_FOUND, INVALID_MEDIA), so only the shape is here; more
 * than 50 entries is a malformed request rather than too many images.
 */
export const mediaIdsSchema: Schema = {
  type: 'array',
  description:
    'Up to 4 ready image ids, or one video id (POST /media, then complete); duplicates are merged. Images or a video replace the link card.',
  maxItems: 50,
  items: { type: 'string', maxLength: 64 },
  example: ['5d1c8a7e-2f4b-4c3a-9e8d-7b6a5f4e3d2c'],
};

/** A first comment's text (docs/api.md, "First comment"): every failure is INVALID_FIELD; each platform's own limit is checked after the shape. */
const commentText = (description: string, maxLength: number): Schema => ({
  type: 'string',
  minLength: 1,
  maxLength,
  pattern: '\\S',
  format: 'unicode-text',
  'x-error-code': 'INVALID_FIELD',
  description,
  example: 'Sign-up link: https://example.com/v2',
});

/** `first_comment` and `platform_first_comment`, reusable pieces (PATCH /posts/{id} takes them too). */
export const firstCommentSchema: Schema = {
  ...commentText(
    'Published right after the post on each of its platforms: a reply on Bluesky (at most 300 graphemes), a comment on LinkedIn (at most 1,250 characters). null: none.',
    MAX_CONTENT_LENGTH,
  ),
  type: ['string', 'null'],
};

export const platformFirstCommentSchema: Schema = {
  type: 'object',
  description: 'Optional first comment per platform, used instead of first_comment there; each key must be one of platforms.',
  additionalProperties: false,
  'x-error-code': 'INVALID_FIELD',
  properties: {
    linkedin: commentText('The comment LinkedIn receives instead of first_comment; at most 1,250 characters.', 1250),
    bluesky: commentText('The reply Bluesky receives instead of first_comment; at most 300 graphemes.', MAX_CONTENT_LENGTH),
  },
  example: { bluesky: 'Sign-up link: https://example.com/v2' },
};

/**
 * POST /posts. The annotations give each failure its documented code; the validator applies
 * the precedence of docs/api.md, "Errors" (unknown field → missing → wrong type → the rest in property order).
 */
export const createPostSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['content', 'platforms'],
  properties: {
    content: {
      type: 'string',
      description: 'The text to publish; at most 3000 UTF-16 code units.',
      format: 'unicode-text',
      pattern: '\\S',
      maxLength: MAX_CONTENT_LENGTH,
      'x-error-codes': { pattern: 'MISSING_REQUIRED_FIELD', maxLength: 'CONTENT_TOO_LONG', format: 'INVALID_FIELD' },
      example: 'Shipping v2 today (finally) #launch',
    },
    // Right after content: its CONTENT_TOO_LONG comes before INVALID_PLATFORMS (docs/api.md, "Posts").
    platform_content: platformContentSchema,
    platforms: {
      type: 'array',
      description: 'Where to publish; duplicates are merged.',
      minItems: 1,
      items: { type: 'string', enum: [...VALID_PLATFORMS] },
      'x-error-code': 'INVALID_PLATFORMS',
      example: ['linkedin', 'bluesky'],
    },
    scheduled_for: {
      type: ['string', 'null'],
      description: 'ISO 8601 date-time with seconds and zone, 1 minute to 365 days ahead; absent or null publishes now.',
      'x-error-code': 'INVALID_SCHEDULED_TIME',
      example: '2026-11-23T10:00:00Z',
    },
    media: mediaIdsSchema,
    queue: {
      type: 'boolean',
      description: 'true: schedule at the first free slot of the posting queue (PUT /queue) at least 60 s ahead; not with scheduled_for.',
      example: true,
    },
    link_preview: {
      type: 'boolean',
      description:
        'false: no card for the first link (default true: a post without images shows its first link as a card, built when it is published).',
      example: false,
    },
    track_links: {
      type: 'boolean',
      description:
        'true: each http(s) link of the text goes out as a short link on this service that counts its clicks (docs/api.md, "Tracked links"); absent: the account setting (PUT /settings) at publication.',
      example: true,
    },
    utm_campaign: utmCampaignSchema,
    draft: {
      type: 'boolean',
      description:
        'true: save as a draft (status draft): not checked for connections, not counted, not spaced, never published until POST /posts/{id}/schedule; scheduled_for is kept as the wished time. The only creation a draft key may make.',
      example: false,
    },
    first_comment: firstCommentSchema,
    platform_first_comment: platformFirstCommentSchema,
    // docs/api.md, "Repeating posts (series)" and "Evergreen recycling".
    repeat: repeatSchema,
    evergreen: {
      type: 'boolean',
      description: "true: once published, the post may be queued again by the queue's recycling (PUT /queue, recycle).",
      example: true,
    },
    platform_options: platformOptionsSchema,
  },
};

/** Extra fields of the codes this schema can produce. */
export function createPostErrorExtras(code: ErrorCode, _field: string, value: unknown): Record<string, unknown> {
  if (code === 'CONTENT_TOO_LONG') return { max_length: MAX_CONTENT_LENGTH, provided_length: (value as string).length };
  if (code === 'INVALID_PLATFORMS') return { valid_platforms: [...VALID_PLATFORMS] };
  return {};
}
