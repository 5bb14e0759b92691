/**
 * The domain's errors: every code a client can meet (docs/api.md, "Errors") and its extra
 * fields. The domain throws `DomainError`s and knows nothing of HTTP; shared/http/errors.ts
 * gives each code its status and message and turns anything thrown into the wire body.
 */
export const ERROR_CODES = [
  'MISSING_API_KEY',
  'INVALID_API_KEY',
  'PROFILE_NOT_FOUND',
  'PROFILE_ALREADY_EXISTS',
  'INVALID_CREDENTIALS',
  'PLATFORMS_NOT_CONNECTED',
  'POST_NOT_FOUND',
  'POST_PUBLISHED',
  'CONTENT_TOO_LONG',
  'INVALID_SCHEDULED_TIME',
  'INVALID_PLATFORMS',
  'RATE_LIMIT_EXCEEDED',
  'MONTHLY_LIMIT_EXCEEDED',
  'INVALID_ID',
  'MISSING_REQUIRED_FIELD',
  'INVALID_JSON',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
  'OAUTH_ERROR',
  'NOT_FOUND',
  'INVALID_FIELD',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  'IDEMPOTENCY_KEY_REUSED',
  'FORBIDDEN',
  'MEDIA_NOT_FOUND',
  'INVALID_MEDIA',
  'INVALID_POST_STATE',
  'INSUFFICIENT_SCOPE',
  'QUEUE_NOT_CONFIGURED',
  'QUEUE_FULL',
  'QUOTA_EXCEEDED',
  'VERSION_MISMATCH',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The extra fields an error carries beside its code and message (`field`, `retry_after`, ...). */
export type ErrorExtras = Record<string, unknown>;

export interface DomainErrorOptions {
  /** A message more specific than the code's usual one (the HTTP layer's catalog has those). */
  message?: string;
  /** When the client may try again, in seconds: the HTTP layer sends it as `retry-after`. */
  retryAfterSeconds?: number;
}

/** A failure meant for the client: its code, its extra fields and, rarely, a specific message. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly extras: ErrorExtras;
  readonly specificMessage: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, extras: ErrorExtras = {}, options: DomainErrorOptions = {}) {
    super(options.message ?? code);
    this.name = 'DomainError';
    this.code = code;
    this.extras = extras;
    this.specificMessage = options.message;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
