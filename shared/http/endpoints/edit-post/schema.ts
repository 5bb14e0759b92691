import { createPostErrorExtras, createPostSchema } from '#shared/http/endpoints/create-post/schema';
import type { PostEdit } from '#shared/domain/post-edit';
import type { Schema } from '#shared/http/validation';

/** The edit, and the version it is pinned to (docs/api.md, "Versions and If-Match"). */
export type EditPostBody = PostEdit & { expected_version?: number };

// A series and evergreen recycling are set when a post is created (docs/api.md, "Repeating posts (series)"); not edited here.
const { repeat: _repeat, evergreen: _evergreen, ...postFields } = createPostSchema.properties as Record<string, Schema>;

/**
 * PATCH /posts/{id}: POST /posts's fields, each optional, with the same rules, codes and
 * precedence (the properties are POST's own, in POST's order). `null` asks to remove a field a
 * post must have: MISSING_REQUIRED_FIELD for content and platforms, as POST answers a null there;
 * `scheduled_for: null` publishes now. `{}` is valid and changes nothing.
 */
export const editPostSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...postFields,
    content: { ...postFields.content, description: 'The new text; at most 3000 UTF-16 code units.' },
    platforms: {
      ...postFields.platforms,
      description: 'The new platforms (duplicates merged); a platform removed loses its platform_content text.',
      'x-error-codes': { null: 'MISSING_REQUIRED_FIELD' },
    },
    scheduled_for: {
      ...postFields.scheduled_for,
      description:
        'A new time (ISO 8601 with seconds and zone, 1 minute to 365 days ahead), or null to publish now; absent keeps the time.',
    },
    platform_content: {
      ...postFields.platform_content,
      description: "Replaces the texts per platform as a whole ({} removes them); each key must be one of the post's platforms.",
    },
    media: {
      ...postFields.media,
      description: 'Replaces the images as a whole ([] removes them): up to 4 ready media ids, in order.',
    },
    expected_version: {
      type: 'integer',
      minimum: 1,
      description:
        'The version of the post you read (its `version`): the change is made only while the post is still at it, else 412 VERSION_MISMATCH with `current_version`. Same as the header If-Match: "v{n}".',
    },
  },
  example: { content: 'Shipping v2 on Tuesday instead', scheduled_for: '2026-11-24T10:00:00Z' },
};

export const editPostErrorExtras = createPostErrorExtras;
