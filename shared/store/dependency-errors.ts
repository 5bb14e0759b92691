import { DomainError } from '#shared/domain/errors';
import { cancellationReasons, isTransactionConflict } from './transaction-errors';

/*
 * The classification of a failed call to the store or another AWS service, below the use cases
 * (which retry on it) and the HTTP layer (which answers it: SERVICE_UNAVAILABLE is 503 with
 * retry-after in shared/http/errors.ts). It reads thrown errors only, never the table.
 */

/**
 * AWS failures that say "not now" rather than "never": throttling, a service's own 5xx, a
 * timeout or a dropped connection, after the SDK's own bounded retries. The client gets 503
 * SERVICE_UNAVAILABLE with retry-after instead of a 500: retrying (with the same
 * idempotency-key) is the right move, and nothing about the request was wrong.
 */
const TRANSIENT_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'InternalServerError',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'TimeoutError',
  'RequestTimeout',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  // A single-item write that met a transaction under way on the same item: nothing was written.
  'TransactionConflictException',
  'TransactionInProgressException',
]);

export const RETRY_AFTER_SECONDS = 1;

export function isTransientDependencyError(error: unknown): boolean {
  if (!error || typeof error !== 'object' || error instanceof DomainError) return false;
  const { name, code, $metadata, $retryable } = error as {
    name?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
    $retryable?: unknown;
  };
  if (TRANSIENT_NAMES.has(name ?? '') || TRANSIENT_NAMES.has(code ?? '')) return true;
  if ($retryable) return true;
  // A transaction cancelled only because another one touched the same items wrote nothing either.
  const reasons = cancellationReasons(error);
  if (reasons) return isTransactionConflict(reasons);
  return ($metadata?.httpStatusCode ?? 0) >= 500;
}

export const dependencyUnavailable = (cause: unknown): DomainError => {
  const error = new DomainError(
    'SERVICE_UNAVAILABLE',
    {},
    {
      message:
        'The service is briefly unable to complete this request; retry after the retry-after seconds (with the same idempotency-key)',
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    },
  );
  error.cause = cause;
  return error;
};
