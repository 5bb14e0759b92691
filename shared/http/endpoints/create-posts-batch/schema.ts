import { createPostSchema } from '#shared/http/endpoints/create-post/schema';
import type { PrecompiledValidator, Schema } from '#shared/http/validation';

/** At most this many posts in one POST /posts/batch (docs/api.md, "Bulk creation"). */
export const MAX_BATCH_POSTS = 100;

export interface CreatePostsBatchBody {
  /** Each one a POST /posts body, validated on its own (a bad item is refused alone). */
  posts: unknown[];
}

/**
 * POST /posts/batch. The items are POST /posts bodies (so documented), but only the envelope is
 * checked for the whole request (envelopeOnly): a missing `posts` is MISSING_REQUIRED_FIELD; not
 * an array, empty or over 100 is INVALID_FIELD (`field: posts`). The items are checked one by one with
 * POST /posts's own validator, so an item's error is exactly the one POST /posts gives.
 */
export const createPostsBatchSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['posts'],
  properties: {
    posts: {
      type: 'array',
      description: 'From 1 to 100 bodies of POST /posts, created in this order; each is created or refused on its own.',
      minItems: 1,
      maxItems: MAX_BATCH_POSTS,
      items: createPostSchema,
      'x-error-code': 'INVALID_FIELD',
      example: [
        { content: 'Monday: the release notes #launch', platforms: ['linkedin', 'bluesky'], scheduled_for: '2026-11-23T09:00:00Z' },
        { content: 'Tuesday: a customer story', platforms: ['bluesky'], scheduled_for: '2026-11-24T09:00:00Z' },
        { content: 'Now: we are live', platforms: ['bluesky'] },
      ],
    },
  },
};

/** The generated validator with the items' own failures left out: they are each item's business, not the request's. */
export function envelopeOnly(validator: PrecompiledValidator): PrecompiledValidator {
  const validate = Object.assign(
    (data: unknown) => {
      const valid = validator.validate(data);
      const errors = (validator.validate.errors ?? []).filter((error) => !/^\/posts\/\d+(\/|$)/.test(error.instancePath));
      validate.errors = errors.length ? errors : null;
      return valid || errors.length === 0;
    },
    { errors: null as PrecompiledValidator['validate']['errors'] },
  );
  return { ...validator, validate };
}
