import {
  InternalServerError,
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import type { FinalizeRequestMiddleware, MiddlewareStack } from '@smithy/types';

/**
 * Injected DynamoDB faults, test-only: an AWS SDK middleware placed inside the SDK's retry loop,
 * so every attempt may fail and the SDK's own bounded retries are exercised as in AWS. Nothing
 * under functions/, shared/ or lib/ imports this; tests install it on the process's client
 * (`#shared/store/client`), the soak's service entry installs it from the STORE_FAULTS setting.
 *
 * Kinds, as DynamoDB reports them:
 * - the throttles and the service's own 500, answered without touching the table;
 * - a transaction conflict: `TransactionCanceledException` with a `TransactionConflict` reason for
 *   TransactWriteItems, `TransactionConflictException` for a single-item write (reads never conflict);
 * - `timeout`: the request never reaches the table and the client gives up (TimeoutError);
 * - `timeout-after-write`: the request IS applied and its answer is lost, the nastiest one: the
 *   SDK's retry meets the write's own effects (a conditional update's condition now false).
 */
export const STORE_FAULT_KINDS = [
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'InternalServerError',
  'TransactionConflict',
  'timeout',
  'timeout-after-write',
] as const;
export type StoreFaultKind = (typeof STORE_FAULT_KINDS)[number];

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems', 'BatchWriteItem']);

export interface StoreFaultPlan {
  /** Share of calls failing, by DynamoDB operation (`TransactWriteItems`, `UpdateItem`, …); `*` for any other. */
  rates: Record<string, number>;
  /** Picked uniformly among those that apply to the operation. */
  kinds: readonly StoreFaultKind[];
  /** Kinds for one operation instead of `kinds` (e.g. lost answers on the transaction, 500s on the read-back). */
  kindsByOperation?: Record<string, readonly StoreFaultKind[]>;
  random?: () => number;
  /** Only calls whose (marshalled) input passes may fail: e.g. those touching one post. */
  match?: (operation: string, input: Record<string, unknown>) => boolean;
  /** Stop after this many faults (a fault on the first attempt only, to see the SDK's retry win). */
  limit?: number;
}

export interface StoreFaultCounts {
  calls: Record<string, number>;
  injected: Partial<Record<StoreFaultKind, number>>;
  byOperation: Record<string, number>;
}

export interface StoreFaults {
  counts(): StoreFaultCounts;
  setPlan(plan: StoreFaultPlan): void;
  uninstall(): void;
}

const MIDDLEWARE_NAME = 'injectedStoreFaults';

/**
 * The SDK's waits between its attempts (hundreds of milliseconds, more for throttling) taken out,
 * for tests that fail every attempt on purpose: the same attempts and decisions (its own retry
 * strategy, same attempt count), no backoff sleep. Returns the undo.
 */
export async function withoutSdkBackoff(client: {
  config: { retryStrategy: () => Promise<unknown>; maxAttempts: () => Promise<number> };
}): Promise<() => void> {
  const { ConfiguredRetryStrategy } = await import('@smithy/core/retry');
  const original = client.config.retryStrategy;
  const immediate = new ConfiguredRetryStrategy(await client.config.maxAttempts(), 0);
  client.config.retryStrategy = async () => immediate;
  return () => void (client.config.retryStrategy = original);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function installStoreFaults(client: { middlewareStack: MiddlewareStack<any, any> }, initial: StoreFaultPlan): StoreFaults {
  let plan = initial;
  let injectedTotal = 0;
  const counts: StoreFaultCounts = { calls: {}, injected: {}, byOperation: {} };

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const middleware: FinalizeRequestMiddleware<any, any> = (next, context) => async (args) => {
    const operation = String(context.commandName ?? '').replace(/Command$/, '');
    counts.calls[operation] = (counts.calls[operation] ?? 0) + 1;
    const kind = pickFault(plan, operation, (args.input ?? {}) as Record<string, unknown>, injectedTotal);
    if (!kind) return next(args);
    injectedTotal += 1;
    counts.injected[kind] = (counts.injected[kind] ?? 0) + 1;
    counts.byOperation[operation] = (counts.byOperation[operation] ?? 0) + 1;
    if (kind === 'timeout-after-write') {
      await next(args);
      throw timeoutError();
    }
    throw faultError(kind, operation, args.input as Record<string, unknown>);
  };
  // Low priority in the finalizeRequest step: inside the SDK's retry middleware (high priority there).
  client.middlewareStack.add(middleware, { step: 'finalizeRequest', priority: 'low', name: MIDDLEWARE_NAME });
  return {
    counts: () => structuredClone(counts),
    setPlan: (next) => {
      plan = next;
      injectedTotal = 0;
    },
    uninstall: () => void client.middlewareStack.remove(MIDDLEWARE_NAME),
  };
}

function pickFault(plan: StoreFaultPlan, operation: string, input: Record<string, unknown>, injected: number): StoreFaultKind | undefined {
  if (plan.limit !== undefined && injected >= plan.limit) return undefined;
  const rate = plan.rates[operation] ?? plan.rates['*'] ?? 0;
  const random = plan.random ?? Math.random;
  if (rate <= 0 || random() >= rate) return undefined;
  if (plan.match && !plan.match(operation, input)) return undefined;
  const applicable = (plan.kindsByOperation?.[operation] ?? plan.kinds).filter(
    (kind) => WRITES.has(operation) || (kind !== 'TransactionConflict' && kind !== 'timeout-after-write'),
  );
  if (!applicable.length) return undefined;
  return applicable[Math.floor(random() * applicable.length)];
}

const metadata = (httpStatusCode: number) => ({ httpStatusCode, requestId: 'injected-fault', attempts: 1, totalRetryDelay: 0 });

function faultError(kind: Exclude<StoreFaultKind, 'timeout-after-write'>, operation: string, input: Record<string, unknown>): Error {
  const message = `${kind} (injected)`;
  switch (kind) {
    case 'ProvisionedThroughputExceededException':
      return new ProvisionedThroughputExceededException({ message, $metadata: metadata(400) });
    case 'ThrottlingException':
      return new ThrottlingException({ message, $metadata: metadata(400) });
    case 'InternalServerError':
      return new InternalServerError({ message, $metadata: metadata(500) });
    case 'TransactionConflict': {
      if (operation !== 'TransactWriteItems') return new TransactionConflictException({ message, $metadata: metadata(400) });
      const items = Array.isArray(input.TransactItems) ? input.TransactItems.length : 1;
      const conflicted = Math.floor(Math.random() * items);
      return new TransactionCanceledException({
        message: `Transaction cancelled, please refer cancellation reasons for specific reasons (injected)`,
        $metadata: metadata(400),
        CancellationReasons: Array.from({ length: items }, (_, index) =>
          index === conflicted ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' } : { Code: 'None' },
        ),
      });
    }
    case 'timeout':
      return timeoutError();
  }
}

/** What the SDK's HTTP handler throws when its request timeout fires. */
function timeoutError(): Error {
  return Object.assign(new Error('Connection timed out after the request was sent (injected)'), { name: 'TimeoutError' });
}

/** A plan from the STORE_FAULTS setting of a child service: `{"rate":0.05}` or `{"rates":{...},"kinds":[...]}`. */
export function planFromSetting(raw: string, random: () => number): StoreFaultPlan {
  const parsed = JSON.parse(raw) as { rate?: number; rates?: Record<string, number>; kinds?: StoreFaultKind[] };
  return { rates: parsed.rates ?? { '*': parsed.rate ?? 0 }, kinds: parsed.kinds ?? STORE_FAULT_KINDS, random };
}
