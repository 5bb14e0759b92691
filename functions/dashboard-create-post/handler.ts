import { createPostErrorExtras, createPostSchema, type CreatePostBody } from '#functions/create-post/schema';
import * as validators from '#functions/create-post/schema.validators';
import { apiHandler } from '#shared/http/api-handler';
import { createPost } from '#shared/use-cases/create-post';

export const handler = apiHandler<CreatePostBody>({
  operation: 'dashboard-create-post',
  auth: 'session',
  body: { schema: createPostSchema, validator: validators.createPostSchema, extras: createPostErrorExtras },
  // The compose page sends one idempotency-key per draft, so a double click creates one post.
  idempotent: true,
  handle: async ({ accountId, body, state }) => ({ statusCode: 201, body: await createPost(accountId, body, state.idempotency) }),
});
