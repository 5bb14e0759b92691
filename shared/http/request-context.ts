import { logger } from '#shared/logger';
import type { HttpEvent, HttpMiddleware, HttpRequest, HttpResponse, RequestState } from './types';

/**
 * First in the stack: gives the request its id and timer, puts the id on every log line,
 * and, last on the way out, adds `x-request-id` and the request's headers and writes the
 * one summary log line (route, account, status, error code, latency).
 */
export function requestContext(operation: string): HttpMiddleware {
  const start = (request: HttpRequest): void => {
    const requestId = request.event.requestContext?.requestId ?? request.context.awsRequestId;
    request.context.state = { operation, requestId, startedAt: performance.now(), responseHeaders: {}, query: {} };
    logger.appendKeys({ request_id: requestId, operation });
  };

  const finish = (request: HttpRequest): void => {
    const state = request.context.state;
    const response = request.response;
    if (!response) return;
    response.headers = { ...response.headers, ...state.responseHeaders, 'x-request-id': state.requestId };
    // Answered at its deadline already, with its own line (shared/http/request-deadline.ts): this answer goes nowhere.
    if (state.abandoned) logger.debug('abandoned request ended', { status: response.statusCode });
    else logRequest(request.event, state, response);
  };

  return { before: start, after: finish, onError: finish };
}

/** The one summary line of a request: route, account, status, error code and latency. */
export function logRequest(event: HttpEvent, state: RequestState, response: HttpResponse): void {
  let errorCode: string | undefined;
  if (response.statusCode !== undefined && response.statusCode >= 400 && typeof response.body === 'string') {
    try {
      errorCode = (JSON.parse(response.body) as { error?: string }).error;
    } catch {
      errorCode = undefined;
    }
  }
  logger.info('request', {
    route: event.routeKey,
    account_id: state.accountId,
    api_key_id: state.apiKeyId,
    status: response.statusCode,
    error_code: errorCode,
    latency_ms: Math.round((performance.now() - state.startedAt) * 100) / 100,
  });
}
