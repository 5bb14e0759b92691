import { parseId } from '#shared/domain/ids';
import { apiHandler } from '#shared/http/api-handler';
import { editPost } from '#shared/use-cases/post-changes/edit-post';
import { editPostErrorExtras, editPostSchema, type EditPostBody } from './schema';
import * as validators from './schema.validators';

export const handler = apiHandler<EditPostBody>({
  operation: 'edit-post',
  body: { schema: editPostSchema, validator: validators.editPostSchema, extras: editPostErrorExtras },
  idempotent: true,
  pathId: true,
  // The edit's transaction completes the idempotency record with this very response.
  handle: async ({ accountId, path, body, state }) => ({ statusCode: 200, body: await editPost(accountId, parseId(path.id), body, state.idempotency) }),
});
