import type { Schema } from '#shared/http/validation';

/** At most this many posts in one POST /posts/batch (docs/api.md, "Bulk creation"). */
export const MAX_BATCH_POSTS = 100;

export interface CreatePostsBatchBody {
  /** Each one a POST /posts body, validated on its own (a bad item is refused alone). */
  posts: unknown[];
}

/**
 * POST /posts/batch: only the envelope. A missing `posts` is MISSING_REQUIRED_FIELD; not an array,
 * empty or over 100 is INVALID_FIELD (`field: posts`), for the whole request. The items are checked
 * one by one with POST /posts's own validator, so an item's error is exactly the one POST /posts gives.
 */
export const createPostsBatchSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['posts'],
  properties: {
    posts: {
      type: 'array',
      description: 'From 1 to 100 bodies of POST /posts, created in this order.',
      minItems: 1,
      maxItems: MAX_BATCH_POSTS,
      'x-error-code': 'INVALID_FIELD',
    },
  },
};
