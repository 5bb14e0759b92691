import { createHash, randomUUID } from 'node:crypto';
import { clock } from '#shared/ports/clock';
import { logger } from '#shared/logger';
import { withStoreRetries } from '#shared/use-cases/store-retries';
import {
  claimIdempotencyKey,
  completeIdempotencyRecord,
  type ClaimOutcome,
  idempotencyRecordKey,
  legacyIdempotencyKey,
  readLegacyIdempotencyRecord,
  releaseIdempotencyKey,
} from '#shared/store/idempotency-records';
import { DomainError } from '#shared/domain/errors';
import { requestDeadline } from './request-deadline';
import type { HttpMiddleware, HttpRequest } from './types';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** JSON with every object's keys in order: the same value written in any order or spacing gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Same key and same request = same operation, path parameters and body (docs/api.md, "Idempotency";
 * docs/decisions/0162-idempotency-hash-independent-of-the-transport.md): nothing of the transport
 * (the stage's `/v1`, the dashboard's `/dashboard/api`, an MCP tool call's path) and the body as the
 * JSON value it parsed to, so a repeat over HTTP and MCP, or with its fields in another order, replays.
 */
export function requestHash(operation: string, request: HttpRequest): string {
  const { event } = request;
  const parameters = Object.entries(event.pathParameters ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const body = request.context.state.body;
  return createHash('sha256')
    .update(`${operation}\n${JSON.stringify(parameters)}\n`)
    .update(body === undefined ? (event.body ?? '') : canonicalJson(body))
    .digest('base64url');
}

/** The hash records written before the namespaces carry: method, raw path and body bytes. */
function legacyRequestHash(request: HttpRequest): string {
  const { event } = request;
  return createHash('sha256')
    .update(`${event.requestContext.http.method} ${event.rawPath}\n`)
    .update(event.body ?? '')
    .digest('base64url');
}

/**
 * Between two functions' clocks (both synchronised by AWS): a takeover by a repeat on another
 * container must not begin before this request's deadline has passed by its own clock.
 */
const CLOCK_MARGIN_MS = 1_000;

/**
 * Until when the claim holds the key against a repeat: as long as this request may still act, that
 * is until its deadline, after which it has been answered (503 if still running) and every store
 * call of its aborts (docs/decisions/0038-a-deadline-on-every-request.md). A repeat after that takes
 * the key over; a write of this request still in flight then cannot land on top of the repeat's,
 * as the record's completion is conditional on this request's token (create-post completes it in
 * its creation transaction). Without a deadline (none in practice), the store's default lock.
 */
function lockUntil(now: Date): Date | undefined {
  const deadline = requestDeadline();
  if (!deadline) return undefined;
  return new Date(now.getTime() + Math.max(0, deadline.at - Date.now()) + CLOCK_MARGIN_MS);
}

/**
 * How an endpoint whose response holds a secret stores it: `conceal` turns the response body
 * into what the record keeps (the secret sealed), `reveal` turns that back for a replay.
 */
export interface StoredResponseCodec {
  conceal(body: string, accountId: string): Promise<string>;
  reveal(stored: string, accountId: string): Promise<string>;
}

/**
 * The idempotency-key header on POST requests (docs/api.md, "Idempotency"): the first request with a
 * key claims it; a repeat with the same body replays the stored response; a different body
 * gets 422, a repeat while the first still runs 409. Runs after validation, so invalid
 * requests write nothing. An endpoint may complete the record inside its own transaction
 * (create-post does, and marks it settled); otherwise it is completed here after success.
 */
export function idempotency(operation: string, codec?: StoredResponseCodec): HttpMiddleware {
  return {
    before: async (request) => {
      const key = request.event.headers?.['idempotency-key'];
      if (key === undefined) return;
      if (!KEY_PATTERN.test(key)) {
        throw new DomainError(
          'INVALID_FIELD',
          { field: 'idempotency-key' },
          {
            message: 'The idempotency-key header must be 1 to 255 visible ASCII characters',
          },
        );
      }
      const state = request.context.state;
      const accountId = state.accountId ?? '';
      const recordKey = idempotencyRecordKey(accountId, operation, key);
      const hash = requestHash(operation, request);
      const token = randomUUID();
      const now = clock.now();
      // A record from before the namespaces answers as it would have (until its 24 h are over), by its own hash.
      const legacy = await readLegacyIdempotencyRecord(legacyIdempotencyKey(accountId, key), now);
      const outcome: ClaimOutcome = legacy
        ? { claimed: false, existing: legacy }
        : await claimIdempotencyKey(recordKey, token, hash, now, lockUntil(now));
      if (!outcome.claimed) {
        const existing = outcome.existing;
        const sameRequest = legacy ? legacy.request_hash === legacyRequestHash(request) : existing.request_hash === hash;
        if (!sameRequest) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
        if (existing.status !== 'completed') throw new DomainError('IDEMPOTENCY_KEY_IN_PROGRESS');
        const stored = existing.response_body;
        state.replay = {
          statusCode: existing.response_status ?? 200,
          headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
          body: codec && stored ? await codec.reveal(stored, state.accountId ?? '') : stored,
        };
        return;
      }
      state.idempotency = { recordKey, token, requestHash: hash, settled: false };
    },
    after: async (request) => {
      const record = request.context.state.idempotency;
      const response = request.response;
      if (!record || record.settled || !response) return;
      const body =
        codec && response.body ? await codec.conceal(response.body, request.context.state.accountId ?? '') : (response.body ?? '');
      // The resource exists now: losing this write to a passing store fault would let a repeat create it twice.
      await withStoreRetries('complete-idempotency-record', () =>
        completeIdempotencyRecord(record.recordKey, record.token, response.statusCode ?? 200, body),
      );
      record.settled = true;
    },
    onError: async (request) => {
      const record = request.context.state.idempotency;
      if (!record || record.settled) return;
      // Best effort: a release lost to a store fault must not replace the request's own answer (a 503
      // with retry-after); the claim's lock ends by itself at the request's deadline, and a repeat
      // meanwhile gets IDEMPOTENCY_KEY_IN_PROGRESS.
      await releaseIdempotencyKey(record.recordKey, record.token).catch((error: unknown) =>
        logger.warn('idempotency claim not released; its lock expires by itself', { error: error as Error }),
      );
    },
  };
}
