import { AsyncLocalStorage } from 'node:async_hooks';
import { setMaxListeners } from 'node:events';
import type { Context } from 'aws-lambda';
import { operationRuntime as operations } from '#shared/api/runtime.gen';
import { config } from '#shared/config';
import { logger } from '#shared/logger';
import { storeCallsTiedTo, type Caller } from '#shared/store/client';
import { dependencyUnavailable } from '#shared/store/dependency-errors';
import { toWireError } from './errors';
import { logRequest } from './request-context';
import { jsonResponse, type HttpContext, type HttpEvent, type HttpResponse } from './types';

/**
 * Left of the function's own time when the deadline answers: to write the answer and its log line
 * before Lambda's timeout ends the invocation (whose answer would then be API Gateway's own 500).
 */
export const LAMBDA_MARGIN_MS = 1_000;

/** The budget of an operation before the function's remaining time caps it. */
export function budgetOf(operation: string): number {
  const { storeMs, outboundMs } = config.requestDeadline;
  // 'outbound' in the manifest: it waits on more than the store (a platform, a web address, image
  // decoding, password hashing), each within its own timeouts, so it gets the longer budget.
  return operations[operation]?.deadline === 'outbound' ? outboundMs : storeMs;
}

/** When the current request must have been answered, and the signal that abandons its work then. */
export interface RequestDeadline {
  /** Epoch milliseconds (Date.now). */
  at: number;
  signal: AbortSignal;
}

const current = new AsyncLocalStorage<RequestDeadline>();

/** The deadline of the request being served, if any (the idempotency claim's lock lasts until it). */
export const requestDeadline = (): RequestDeadline | undefined => current.getStore();

/** The reason the request's work was abandoned: never retried, never reported as a bug. */
export class RequestDeadlineExceeded extends Error {
  override readonly name = 'RequestDeadlineExceeded';
  constructor(readonly budgetMs: number) {
    super(`request deadline of ${budgetMs} ms passed`);
  }
}

/**
 * Runs one API request under its deadline (docs/api.md, "Errors"; docs/decisions/0038-a-deadline-on-every-request.md): the operation's budget, or less when the function has less time left. If the
 * request has not answered by then, it is answered 503 SERVICE_UNAVAILABLE with retry-after, and
 * everything still running for it is abandoned: every store call made for it aborts (in flight or
 * later), so nothing more is sent on its behalf. The middleware stack may still finish in the
 * background (locally; in Lambda it is frozen with the container): its answer goes nowhere.
 */
export async function answerByDeadline(
  operation: string,
  event: HttpEvent,
  context: Context,
  run: () => Promise<HttpResponse>,
): Promise<HttpResponse> {
  const remaining = typeof context.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : Infinity;
  const budgetMs = Math.max(0, Math.min(budgetOf(operation), remaining - LAMBDA_MARGIN_MS));
  const controller = new AbortController();
  // One listener per store call in flight; a request may fan out to more than the default ten.
  setMaxListeners(1_000, controller.signal);
  const deadline: RequestDeadline = { at: Date.now() + budgetMs, signal: controller.signal };
  const caller: Caller = { deadlineAt: deadline.at, signal: controller.signal };
  let timer: NodeJS.Timeout | undefined;
  const passed = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), budgetMs)));
  const work = current.run(deadline, () => storeCallsTiedTo(caller, run));
  try {
    const answer = await Promise.race([work, passed]);
    if (answer) {
      caller.settled = true;
      return answer;
    }
  } finally {
    clearTimeout(timer);
  }
  controller.abort(new RequestDeadlineExceeded(budgetMs));
  // The stack answers every error itself; anything escaping it now has no one to tell.
  work.catch((error: unknown) => logger.warn('abandoned request failed after its deadline', { error: error as Error }));
  return deadlineAnswer(event, context as HttpContext, budgetMs);
}

function deadlineAnswer(event: HttpEvent, context: HttpContext, budgetMs: number): HttpResponse {
  const wire = toWireError(dependencyUnavailable(new RequestDeadlineExceeded(budgetMs)));
  const state = context.state;
  // Set before the first await of the stack; absent only if the budget was gone before it began.
  if (state) state.abandoned = true;
  const response = jsonResponse(wire.statusCode, wire.body, {
    ...wire.headers,
    ...(state?.responseHeaders ?? {}),
    'x-request-id': state?.requestId ?? event.requestContext?.requestId ?? context.awsRequestId,
  });
  logger.warn('request deadline passed: answered 503 and abandoned its work', { deadline_ms: budgetMs });
  if (state) logRequest(event, state, response);
  return response;
}
