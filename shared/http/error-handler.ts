import { logger } from '#shared/logger';
import { dependencyUnavailable, isTransientDependencyError } from '#shared/store/dependency-errors';
import { DomainError } from '#shared/domain/errors';
import { toWireError } from './errors';
import { requestDeadline } from './request-deadline';
import { jsonResponse, type HttpMiddleware } from './types';

/**
 * Last in the stack, first on the way back: turns whatever was thrown into the error body of
 * docs/api.md, "Errors". Only DomainErrors reach the client; an AWS dependency that said "not now" (throttled,
 * its own 5xx, a timeout), or work abandoned at the request's deadline, becomes 503 with retry-after;
 * anything else is logged with its cause and answered with a generic 500.
 */
export function errorHandler(): HttpMiddleware {
  return {
    onError: (request) => {
      // Past the deadline, whatever failed was abandoned (its store calls aborted): answered 503 already.
      if (isTransientDependencyError(request.error) || requestDeadline()?.signal.aborted) {
        logger.warn('dependency unavailable', { error: request.error as Error });
        request.error = dependencyUnavailable(request.error);
      }
      const wire = toWireError(request.error);
      if (!(request.error instanceof DomainError)) logger.error('unhandled error', { error: request.error as Error });
      else if (wire.statusCode >= 500)
        logger.warn('dependency failure', { error_code: wire.body.error, cause: String(request.error.cause ?? '') });
      request.response = jsonResponse(wire.statusCode, wire.body, wire.headers);
    },
  };
}
