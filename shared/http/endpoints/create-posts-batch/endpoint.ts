import { DomainError } from '#shared/domain/errors';
import type { ApiRequest, EndpointDefinition } from '#shared/http/api-handler';
import { dependencyUnavailable, isTransientDependencyError } from '#shared/store/dependency-errors';
import { createPostEndpoint } from '#shared/http/endpoints/create-post/endpoint';
import { toWireError, type WireError } from '#shared/http/errors';
import { requestDeadline } from '#shared/http/request-deadline';
import { bodyValidator } from '#shared/http/validation';
import { logger } from '#shared/logger';
import { noteUsed, withPostingSession } from '#shared/use-cases/posts-batch/posting-session';
import { claimBatchItem, releaseBatchItem, type ItemClaim } from '#shared/http/batch-item-claims';
import { createPostsBatchSchema, envelopeOnly, type CreatePostsBatchBody } from './schema';
import * as validators from './schema.validators';

export type BatchResult = { index: number; status: 201; post: unknown } | { index: number; status: number; error: WireError['body'] };

/**
 * Time kept back from the request's deadline: an item is begun only with at least this much left,
 * so the answer (with the items not begun refused as SERVICE_UNAVAILABLE) and its idempotency record
 * are written before the deadline, never a 503 for a batch that created posts.
 */
const RESERVE_MS = 2_500;

/** POST /posts's own validator, with every field the schema has (whatever features add to it). */
const single = createPostEndpoint.body;
if (!single) throw new Error('create-post has no body schema');
const validateItem = bodyValidator(single.schema, single.validator, single.extras);

/**
 * One item exactly as POST /posts takes it: the same validation, the same endpoint code (and so the
 * same use case, rules and error precedence), only without an idempotency record of its own (the
 * batch's covers it). Whatever it throws becomes the error body POST /posts would answer.
 */
async function createItem(request: ApiRequest<CreatePostsBatchBody, Record<string, never>>, item: unknown, index: number) {
  let claimed: ItemClaim = {};
  try {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new DomainError('INVALID_JSON');
    const body = { ...(item as Record<string, unknown>) };
    validateItem(body);
    claimed = await claimBatchItem(request.state.idempotency, index, item);
    if (claimed.replayed) return await replayedItem(request.accountId, index, claimed.replayed);
    const result = await createPostEndpoint.handle({
      ...request,
      body: body as never,
      // The item's own record (none unless the batch is keyed), completed by its creation transaction.
      state: { ...request.state, idempotency: claimed.claim },
    });
    const created = result.body as { post: unknown; usage?: { used?: number } };
    if (typeof created.usage?.used === 'number') noteUsed(request.accountId, created.usage.used);
    return { index, status: 201, post: created.post } as BatchResult;
  } catch (cause) {
    await releaseBatchItem(claimed.claim);
    const error = isTransientDependencyError(cause) ? dependencyUnavailable(cause) : cause;
    if (!(error instanceof DomainError)) logger.error('batch item failed unexpectedly', { index, error: error as Error });
    const wire = toWireError(error);
    if (wire.body.error === 'MONTHLY_LIMIT_EXCEEDED' && typeof wire.body.used === 'number') noteUsed(request.accountId, wire.body.used);
    return { index, status: wire.statusCode, error: wire.body } as BatchResult;
  }
}

/** An item a dead earlier run of this batch created: its answer as then, and its hand-over made sure of (as POST /posts's replay does). */
async function replayedItem(accountId: string, index: number, replayed: { statusCode: number; body: string }): Promise<BatchResult> {
  await createPostEndpoint.onReplay?.({ accountId, ...replayed });
  return { index, status: 201, post: (JSON.parse(replayed.body) as { post: unknown }).post };
}

const notBegun = (index: number): BatchResult => {
  const wire = toWireError(
    new DomainError(
      'SERVICE_UNAVAILABLE',
      {},
      { message: 'Not attempted: the batch ran out of time before this item; send it again in a new request' },
    ),
  );
  return { index, status: wire.statusCode, error: wire.body };
};

/**
 * POST /posts/batch (docs/api.md, "Bulk creation"): the items one after the other, in order, so
 * the monthly limit counts the created ones in that order and a LinkedIn item is spaced from the
 * ones before it. They share the posting context (read once); each is its own transaction
 * (docs/decisions/0043-bulk-creation.md). The idempotency-key covers the whole answer.
 */
export const createPostsBatchEndpoint: EndpointDefinition<CreatePostsBatchBody> = {
  body: { schema: createPostsBatchSchema, validator: envelopeOnly(validators.createPostsBatchSchema) },
  handle: (request) =>
    withPostingSession(async () => {
      const results: BatchResult[] = [];
      const deadline = requestDeadline();
      for (const [index, item] of request.body.posts.entries()) {
        if (deadline && deadline.at - Date.now() < RESERVE_MS) results.push(notBegun(index));
        else results.push(await createItem(request, item, index));
      }
      return { statusCode: 200, body: { results } };
    }),
};
