import { apiHandler } from '#shared/http/api-handler';
import { createPost } from '#shared/use-cases/create-post';
import { createPostErrorExtras, createPostSchema, type CreatePostBody } from './schema';

export const handler = apiHandler<CreatePostBody>({
  operation: 'create-post',
  body: { schema: createPostSchema, extras: createPostErrorExtras },
  idempotent: true,
  handle: async ({ accountId, body, state }) => {
    const created = await createPost(accountId, body, state.idempotency);
    // The creation transaction completed the idempotency record with this very response.
    if (state.idempotency) state.idempotency.settled = true;
    return { statusCode: 201, body: created };
  },
});
