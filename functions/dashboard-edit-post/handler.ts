import { editPostErrorExtras, editPostSchema, type EditPostBody } from '#functions/edit-post/schema';
import * as validators from '#functions/edit-post/schema.validators';
import { parseId } from '#shared/domain/ids';
import { apiHandler } from '#shared/http/api-handler';
import { editPost } from '#shared/use-cases/post-changes/edit-post';

export const handler = apiHandler<EditPostBody>({
  operation: 'dashboard-edit-post',
  auth: 'session',
  body: { schema: editPostSchema, validator: validators.editPostSchema, extras: editPostErrorExtras },
  // The posts page sends one idempotency-key per opened editor: a double save edits once.
  idempotent: true,
  pathId: true,
  handle: async ({ accountId, path, body, state }) => ({ statusCode: 200, body: await editPost(accountId, parseId(path.id), body, state.idempotency) }),
});
