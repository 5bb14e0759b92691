import { createPostSchema } from '#shared/http/endpoints/create-post/schema';
import type { PostRetry } from '#shared/domain/post-retry';
import type { Schema } from '#shared/http/validation';

export type RetryPostBody = PostRetry;

/** POST /posts/{id}/retry: every field optional, an empty body too; content and scheduled_for as in POST /posts. */
export const retryPostSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    content: {
      ...createPostSchema.properties.content,
      description: 'Corrected text for a failed post (not for a partially published one); it replaces the text of every platform retried.',
    },
    scheduled_for: {
      ...createPostSchema.properties.scheduled_for,
      description: 'When to publish again (ISO 8601 with seconds and zone, 1 minute to 365 days ahead); absent or null: now.',
    },
    include_outcome_unknown: {
      type: 'boolean',
      description: 'true: also publish again where the result is PLATFORM_OUTCOME_UNKNOWN (the post may already be there). Default false.',
      example: false,
    },
  },
};

export { createPostErrorExtras as retryPostErrorExtras } from '#shared/http/endpoints/create-post/schema';
