import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { etagOf } from '#shared/http/if-match';
import { createPost, ensureHandedOver } from '#shared/use-cases/create-post';
import { createPostErrorExtras, createPostSchema, type CreatePostBody } from './schema';
import * as validators from './schema.validators';

export const createPostEndpoint: EndpointDefinition<CreatePostBody> = {
  body: { schema: createPostSchema, validator: validators.createPostSchema, extras: createPostErrorExtras },
  // The creation transaction completes the idempotency record with this very response.
  onReplay: async ({ statusCode, body }) => {
    if (statusCode === 201) await ensureHandedOver((JSON.parse(body) as { post: { id: string } }).post.id);
  },
  handle: async ({ accountId, body, state, scope }) => {
    const created = await createPost(accountId, body, state.idempotency, {
      scope,
      apiKeyId: state.apiKeyId,
      apiKeyName: state.apiKeyName,
      actor: auditActorOf(state),
      connection: state.oauth,
    });
    return { statusCode: 201, body: created, headers: { etag: etagOf(created.post.version) } };
  },
};
