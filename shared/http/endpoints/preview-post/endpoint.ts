import { createPostErrorExtras, createPostSchema, type CreatePostBody } from '#shared/http/endpoints/create-post/schema';
import * as validators from '#shared/http/endpoints/create-post/schema.validators';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { previewPost } from '#shared/use-cases/preview-post';

/** POST /posts/preview: the body of POST /posts, validated the same way, rendered per platform; nothing written or counted. */
export const previewPostEndpoint: EndpointDefinition<CreatePostBody> = {
  body: { schema: createPostSchema, validator: validators.createPostSchema, extras: createPostErrorExtras },
  // Not idempotent: nothing is created, so an idempotency-key has nothing to replay.
  handle: async ({ accountId, body }) => ({ statusCode: 200, body: await previewPost(accountId, body) }),
};
