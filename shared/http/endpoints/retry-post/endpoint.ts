import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { etagOf } from '#shared/http/if-match';
import { retryPost } from '#shared/use-cases/post-changes/retry-post';
import { retryPostErrorExtras, retryPostSchema, type RetryPostBody } from './schema';
import * as validators from './schema.validators';

export const retryPostEndpoint: EndpointDefinition<RetryPostBody> = {
  body: { schema: retryPostSchema, validator: validators.retryPostSchema, extras: retryPostErrorExtras },
  pathId: true,
  handle: async ({ accountId, path, body, state }) => {
    const answer = await retryPost(accountId, parseId(path.id), body ?? {}, state.idempotency, auditActorOf(state));
    return { statusCode: 200, body: answer, headers: { etag: etagOf(answer.post.version) } };
  },
};
