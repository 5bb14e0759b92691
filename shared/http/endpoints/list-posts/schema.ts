import { VALID_PLATFORMS } from '#shared/domain/platforms';
import type { Schema } from '#shared/http/validation';
import { POST_STATUSES } from '#shared/domain/post-status';
import type { PostListQuery } from '#shared/use-cases/posts';

export type ListPostsQuery = PostListQuery;

/** GET /posts query parameters; any bad value is INVALID_FIELD naming the parameter. */
export const listPostsQuerySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...POST_STATUSES], description: 'Only posts in this status.' },
    platform: { type: 'string', enum: [...VALID_PLATFORMS], description: 'Only posts addressed to this platform.' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Page size, 1 to 100.' },
    cursor: { type: 'string', minLength: 1, maxLength: 2048, description: 'next_cursor of the previous page.' },
  },
};
