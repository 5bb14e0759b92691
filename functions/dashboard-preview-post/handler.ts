import { createPostErrorExtras, createPostSchema, type CreatePostBody } from '#functions/create-post/schema';
import * as validators from '#functions/create-post/schema.validators';
import { apiHandler } from '#shared/http/api-handler';
import { previewPost } from '#shared/use-cases/preview-post';

/** The compose page's live preview: POST /posts/preview behind the dashboard session. */
export const handler = apiHandler<CreatePostBody>({
  operation: 'dashboard-preview-post',
  auth: 'session',
  body: { schema: createPostSchema, validator: validators.createPostSchema, extras: createPostErrorExtras },
  handle: async ({ accountId, body }) => ({ statusCode: 200, body: await previewPost(accountId, body) }),
});
