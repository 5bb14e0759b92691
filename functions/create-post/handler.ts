import { apiHandler } from '#shared/http/api-handler';
import { createPost } from '#shared/use-cases/create-post';
import { createPostErrorExtras, createPostSchema, type CreatePostBody } from './schema';
import * as validators from './schema.validators';

export const handler = apiHandler<CreatePostBody>({
  operation: 'create-post',
  body: { schema: createPostSchema, validator: validators.createPostSchema, extras: createPostErrorExtras },
  idempotent: true,
  // The creation transaction completes the idempotency record with this very response.
  handle: async ({ accountId, body, state }) => ({ statusCode: 201, body: await createPost(accountId, body, state.idempotency) }),
});
