import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { editPost } from '#shared/use-cases/post-changes/edit-post';
import { editPostErrorExtras, editPostSchema, type EditPostBody } from './schema';
import * as validators from './schema.validators';

export const editPostEndpoint: EndpointDefinition<EditPostBody> = {
  body: { schema: editPostSchema, validator: validators.editPostSchema, extras: editPostErrorExtras },
  pathId: true,
  // The edit's transaction completes the idempotency record with this very response.
  handle: async ({ accountId, path, body, state, scope }) => ({
    statusCode: 200,
    body: await editPost(accountId, parseId(path.id), body, state.idempotency, scope),
  }),
};
