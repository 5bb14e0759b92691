import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '#shared/config';

/**
 * Every store call is bounded, attempts and retries included, within the API's request deadline
 * (config.requestDeadline.storeMs, 4 s; docs/decisions.md, "A deadline on every request"):
 * STORE_MAX_ATTEMPTS × STORE_ATTEMPT_TIMEOUT_MS plus the SDK's backoff between them (full jitter on a
 * 100 ms base: at most 200 + 400 ms) is 3.6 s at worst. DynamoDB answers in single-digit
 * milliseconds; an attempt without an answer after a second is a dead call (a store stopping under
 * it), failed as a TimeoutError and tried again on a new connection. The request timeout runs from
 * the moment the attempt starts, waiting for a socket included; `throwOnRequestTimeout`: without it,
 * this version of the SDK's HTTP handler only logs a warning when it passes and keeps waiting.
 */
export const STORE_ATTEMPT_TIMEOUT_MS = 1_000;
export const STORE_MAX_ATTEMPTS = 3;
const REQUEST_TIMEOUTS = {
  connectionTimeout: STORE_ATTEMPT_TIMEOUT_MS,
  requestTimeout: STORE_ATTEMPT_TIMEOUT_MS,
  throwOnRequestTimeout: true,
};

/**
 * The one document client of the process, created at module load and reused by every
 * invocation. Locally it points at DynamoDB Local; in AWS it uses the default credential chain.
 */
function createDocumentClient(): DynamoDBDocumentClient {
  const client = new DynamoDBClient(
    config.dynamoEndpoint
      ? {
          endpoint: config.dynamoEndpoint,
          region: config.region,
          // DynamoDB Local accepts any credentials; fixed ones keep every client on one database.
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          maxAttempts: STORE_MAX_ATTEMPTS,
          // Locally one process is every function at once (API, publisher, webhook deliverer): with the
          // SDK's default pool of 50 sockets, deliveries queued behind a burst of publisher calls
          // (100 posts due together: 7-8 s; with 256 sockets about 4 s on a busy 2-core machine).
          requestHandler: { httpAgent: { maxSockets: 256 }, ...REQUEST_TIMEOUTS },
        }
      : { region: config.region, maxAttempts: STORE_MAX_ATTEMPTS, requestHandler: REQUEST_TIMEOUTS },
  );
  return abandonedWithTheirCaller(
    DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    }),
  );
}

/** The signal of whatever the calls being made belong to (an API request and its deadline). */
const callerSignal = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs `work` with every store call made inside it (however deep) tied to `signal`: when it aborts,
 * a call in flight is abandoned (its socket closed, its retries and their backoff cut short) and any
 * later call fails at once with an AbortError, so nothing more is sent for work already answered.
 * A request already sent may still be applied by the store: see docs/decisions.md, "A deadline on
 * every request", for why a replay with the same idempotency-key stays safe.
 */
export function storeCallsTiedTo<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return callerSignal.run(signal, work);
}

/**
 * The SDK takes an abort signal per call (`send(command, { abortSignal })`): handed here to every
 * call made under storeCallsTiedTo, rather than at each of the store modules' call sites.
 */
function abandonedWithTheirCaller(client: DynamoDBDocumentClient): DynamoDBDocumentClient {
  type Send = (command: unknown, options?: { abortSignal?: AbortSignal }) => Promise<unknown>;
  const send = client.send.bind(client) as Send;
  const sendTied: Send = (command, options) => {
    const signal = callerSignal.getStore();
    return send(command, signal && !options?.abortSignal ? { ...options, abortSignal: signal } : options);
  };
  client.send = sendTied as DynamoDBDocumentClient['send'];
  return client;
}

export const db: DynamoDBDocumentClient = createDocumentClient();
export const tableName: string = config.tableName;
