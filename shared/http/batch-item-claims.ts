import { createHash, randomUUID } from 'node:crypto';
import { DomainError } from '#shared/domain/errors';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { batchItemRecordKey, claimIdempotencyKey, releaseIdempotencyKey } from '#shared/store/idempotency-records';
import type { IdempotencyClaim } from '#shared/use-cases/create-post';

/** The request state's shape of a claim (shared/http/types.ts). */
export type BatchItemRecord = IdempotencyClaim & { requestHash: string; settled: boolean };
import { requestDeadline } from '#shared/http/request-deadline';

/** As the request's own claim: held until this request's deadline (plus the clocks' margin), then a repeat may take it over. */
const CLOCK_MARGIN_MS = 1_000;

/** What an item of a keyed batch finds: its own fresh claim, or the answer a crashed earlier run already gave it. */
export type ItemClaim = { claim?: BatchItemRecord; replayed?: { statusCode: number; body: string } };

/**
 * A keyed batch gives each item a record of its own, derived from the batch's (docs/api.md, "Bulk
 * creation"). The batch's record alone would not do: a run that dies after creating some items
 * leaves the batch's record unanswered, a repeat runs the whole batch again, and each item already
 * created would be created twice. With its own record, completed in the item's creation
 * transaction as POST /posts completes its own, an item created by the dead run is replayed.
 */
export async function claimBatchItem(batch: IdempotencyClaim | undefined, index: number, item: unknown): Promise<ItemClaim> {
  if (!batch) return {};
  // In the batch's namespace, under a sort key no client key value can name (docs/decisions/0161-idempotency-namespaces.md).
  const recordKey = batchItemRecordKey(batch.recordKey, index);
  const requestHash = createHash('sha256').update(JSON.stringify(item)).digest('base64url');
  const token = randomUUID();
  const now = clock.now();
  const deadline = requestDeadline();
  const lockUntil = deadline ? new Date(now.getTime() + Math.max(0, deadline.at - Date.now()) + CLOCK_MARGIN_MS) : undefined;
  const outcome = await claimIdempotencyKey(recordKey, token, requestHash, now, lockUntil);
  if (outcome.claimed) return { claim: { recordKey, token, requestHash, settled: false } };
  const { existing } = outcome;
  // The batch's own record already matched this body, so an item record with another body or still
  // running means a run of this batch is alive elsewhere: the batch's repeat answers as such.
  if (existing.request_hash !== requestHash || existing.status !== 'completed') throw new DomainError('IDEMPOTENCY_KEY_IN_PROGRESS');
  return { replayed: { statusCode: existing.response_status ?? 201, body: existing.response_body ?? '' } };
}

/** An item refused after its claim: the claim goes, so a repeat of the batch tries the item again. */
export async function releaseBatchItem(claim: IdempotencyClaim | undefined): Promise<void> {
  if (!claim || claim.settled) return;
  await releaseIdempotencyKey(claim.recordKey, claim.token).catch((error: unknown) =>
    logger.warn('batch item claim not released; its lock expires by itself', { error: error as Error }),
  );
}
