import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { etagOf, expectedVersionOf } from '#shared/http/if-match';
import { editPost } from '#shared/use-cases/post-changes/edit-post';
import { editPostErrorExtras, editPostSchema, type EditPostBody } from './schema';
import * as validators from './schema.validators';

export const editPostEndpoint: EndpointDefinition<EditPostBody> = {
  body: { schema: editPostSchema, validator: validators.editPostSchema, extras: editPostErrorExtras },
  pathId: true,
  // The edit's transaction completes the idempotency record with this very response.
  handle: async ({ accountId, path, body, headers, state, scope }) => {
    const { expected_version: expectedVersion, ...edit } = body;
    const expected = expectedVersionOf(headers['if-match'], expectedVersion);
    const answer = await editPost(accountId, parseId(path.id), edit, state.idempotency, { scope, actor: auditActorOf(state) }, expected);
    return { statusCode: 200, body: answer, headers: { etag: etagOf(answer.post.version) } };
  },
};
