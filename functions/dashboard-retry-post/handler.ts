import { retryPostErrorExtras, retryPostSchema, type RetryPostBody } from '#functions/retry-post/schema';
import * as validators from '#functions/retry-post/schema.validators';
import { parseId } from '#shared/domain/ids';
import { apiHandler } from '#shared/http/api-handler';
import { retryPost } from '#shared/use-cases/post-changes/retry-post';

export const handler = apiHandler<RetryPostBody>({
  operation: 'dashboard-retry-post',
  auth: 'session',
  body: { schema: retryPostSchema, validator: validators.retryPostSchema, extras: retryPostErrorExtras },
  idempotent: true,
  pathId: true,
  handle: async ({ accountId, path, body, state }) => ({ statusCode: 200, body: await retryPost(accountId, parseId(path.id), body ?? {}, state.idempotency) }),
});
