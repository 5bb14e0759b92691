import { createHash, randomBytes } from 'node:crypto';

/**
 * Lambda's recursive-loop detection, as AWS documents it: Lambda tracks a chain of requests with
 * the X-Ray trace header (its `Lineage` field), which the AWS SDK in a function sends with every
 * call it makes during an invocation, and which SQS keeps with a message (AWSTraceHeader). When
 * the same function would be invoked more than 16 times in one chain (a function whose sends
 * reach its own queue, over and over), Lambda stops that invocation: the message goes to the
 * source queue's dead-letter queue, or is dropped without one. A message some other sender put
 * on the queue (another function, Scheduler, an operator) starts a new chain for the function.
 */
export const MAX_INVOCATIONS_IN_CHAIN = 16;

/** The function's lineage key in a trace header: a short hash of its ARN. */
export const lineageKey = (functionArn: string): string => createHash('sha256').update(functionArn).digest('hex').slice(0, 8);

/** How many times the chain a trace header carries has invoked this function already (0: a new chain for it). */
export function invocationsInChain(traceHeader: string | undefined, functionArn: string): number {
  const lineage = /(?:^|;)Lineage=([0-9a-f]+):(\d+)/.exec(traceHeader ?? '');
  return lineage && lineage[1] === lineageKey(functionArn) ? Number(lineage[2]) : 0;
}

/** The trace header of an invocation: the chain's root kept (a new one for a new chain), this function's count in its lineage. */
export function invocationTraceHeader(functionArn: string, nowMs: number, chain?: { traceHeader?: string; invocations: number }): string {
  const root =
    /(?:^|;)Root=([^;]+)/.exec(chain?.traceHeader ?? '')?.[1] ??
    `1-${Math.floor(nowMs / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;
  return `Root=${root};Sampled=1;Lineage=${lineageKey(functionArn)}:${(chain?.invocations ?? 0) + 1}`;
}
