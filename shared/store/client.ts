import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '#shared/config';

/**
 * A store call made for an API request is bounded by that request's deadline
 * (config.requestDeadline; docs/decisions/0038-a-deadline-on-every-request.md): in AWS each attempt by
 * STORE_ATTEMPT_TIMEOUT_MS (and by the time left), so STORE_MAX_ATTEMPTS attempts plus the SDK's
 * backoff between them (full jitter on a 100 ms base: at most 200 + 400 ms) take 3.6 s at worst,
 * inside the 4 s deadline. DynamoDB answers in single-digit milliseconds: an attempt without an
 * answer after a second is a dead call (a connection lost, a store stopping under it), given up as a
 * TimeoutError and tried again on a new connection. Locally the store is one JVM on the same busy
 * machine, where a slow answer is load, not a lost connection: there an attempt may take the whole
 * time left (with 1 s attempts, 100 posts due together made 142 attempts time out and their retries
 * only added to the load).
 */
export const STORE_ATTEMPT_TIMEOUT_MS = 1_000;
export const STORE_MAX_ATTEMPTS = 3;

/**
 * Calls made for no request (the publisher, webhook deliveries, the sweep) have their function's
 * own, longer budget: an attempt is dead after 10 s. The request timeout runs from the moment the
 * attempt starts, waiting for a socket included; `throwOnRequestTimeout`: without it, this version
 * of the SDK's HTTP handler only logs a warning when it passes and keeps waiting.
 */
const REQUEST_TIMEOUTS = { connectionTimeout: 2000, requestTimeout: 10_000, throwOnRequestTimeout: true };

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

/** What the calls being made belong to: an API request, its deadline (epoch ms) and the signal that abandons it. */
export interface Caller {
  deadlineAt: number;
  signal: AbortSignal;
  /** Answered in time: calls still made in its async context are work it handed over (locally), not its own. */
  settled?: boolean;
}
const callers = new AsyncLocalStorage<Caller>();

/**
 * Runs `work` as a new invocation, tied to no request: locally, where the scheduler and the webhook
 * runner start functions from within the request that handed work over, and would otherwise carry
 * its deadline along (in Lambda every invocation starts afresh).
 */
export function outsideAnyRequest<T>(work: () => T): T {
  return callers.exit(work);
}

/**
 * Runs `work` with every store call made inside it (however deep) tied to a request's deadline:
 * each attempt bounded as above, and when `signal` aborts a call in flight is abandoned (its socket
 * closed, its retries and their backoff cut short) and any later call fails at once with an
 * AbortError, so nothing more is sent for a request already answered. A request already sent may
 * still be applied by the store: see docs/decisions/0038-a-deadline-on-every-request.md, for why a
 * repeat with the same idempotency-key stays safe.
 */
export function storeCallsTiedTo<T>(caller: Caller, work: () => Promise<T>): Promise<T> {
  return callers.run(caller, work);
}

type SendOptions = { abortSignal?: AbortSignal; requestTimeout?: number };

/**
 * The SDK takes an abort signal and a request timeout per call (`send(command, options)`): handed
 * here to every call made under storeCallsTiedTo, rather than at each of the store modules' call sites.
 */
function abandonedWithTheirCaller(client: DynamoDBDocumentClient): DynamoDBDocumentClient {
  type Send = (command: unknown, options?: SendOptions) => Promise<unknown>;
  const send = client.send.bind(client) as Send;
  const sendTied: Send = (command, options) => {
    const caller = callers.getStore();
    if (!caller || caller.settled) return send(command, options);
    const left = Math.max(1, caller.deadlineAt - Date.now());
    const requestTimeout = config.local ? left : Math.min(STORE_ATTEMPT_TIMEOUT_MS, left);
    return send(command, { requestTimeout, abortSignal: caller.signal, ...options });
  };
  client.send = sendTied as DynamoDBDocumentClient['send'];
  return client;
}

export const db: DynamoDBDocumentClient = createDocumentClient();
export const tableName: string = config.tableName;
