import { DomainError, type ErrorCode, type ErrorExtras } from '#shared/domain/errors';

/**
 * The HTTP half of the error catalog: each domain error code's status and message
 * (shared/domain/errors.ts declares the codes). `toWireError` turns anything thrown into the
 * body `{error, message, ...extras}` (docs/api.md, "Errors"). Unknown failures become a generic
 * 500 whose cause goes to the log only.
 */
export type { ErrorCode } from '#shared/domain/errors';

type Extras = ErrorExtras;

interface CatalogEntry {
  status: number;
  /** Builds the human-readable message from the error's extra fields. */
  message: (extras: Extras) => string;
}

const entry = (status: number, message: string | ((extras: Extras) => string)): CatalogEntry => ({
  status,
  message: typeof message === 'string' ? () => message : message,
});

const INVALID_MEDIA_MESSAGES: Record<string, string> = {
  not_uploaded: 'Nothing was uploaded for this media: PUT the file to its upload URL first',
  size_mismatch: 'The uploaded file does not have the declared size_bytes',
  not_an_image: 'The uploaded file is not a readable JPEG, PNG or WebP image',
  type_mismatch: 'The uploaded file is not of the declared content_type',
  too_many_pixels: 'The image has more than 40 megapixels',
  not_ready: 'The media is not ready: call POST /media/{id}/complete after the upload',
  too_many: 'A post takes at most 4 images',
  in_use: 'The media belongs to a post that is not yet published or failed; delete the post first',
  not_a_video: 'The uploaded file is not a readable MP4 video',
  too_long: 'The video is longer than 3 minutes',
  unsupported_codec: 'The video is not H.264: re-encode it as H.264 in MP4',
  mixed: 'A post has one video or up to 4 images, not both',
};

export const errorCatalog = {
  MISSING_API_KEY: entry(401, 'Missing API key: send it in the x-api-key header'),
  INVALID_API_KEY: entry(401, 'Invalid API key'),
  PROFILE_NOT_FOUND: entry(404, 'Profile not found'),
  PROFILE_ALREADY_EXISTS: entry(400, 'A profile for this platform is already connected; delete it before connecting another'),
  INVALID_CREDENTIALS: entry(400, 'Invalid handle or app password'),
  PLATFORMS_NOT_CONNECTED: entry(400, (x) => `No connected profile for: ${(x.missing_platforms as string[]).join(', ')}`),
  POST_NOT_FOUND: entry(404, 'Post not found'),
  POST_PUBLISHED: entry(400, 'The post has already been published (or is being published) and cannot be deleted'),
  CONTENT_TOO_LONG: entry(400, (x) => `Content is ${String(x.provided_length)} characters long; the maximum is ${String(x.max_length)}`),
  INVALID_SCHEDULED_TIME: entry(
    400,
    'scheduled_for must be an ISO 8601 UTC date-time with seconds and a time zone, at least 1 minute in the future and at most 365 days ahead',
  ),
  INVALID_PLATFORMS: entry(400, (x) => `platforms must be a non-empty array of: ${(x.valid_platforms as string[]).join(', ')}`),
  RATE_LIMIT_EXCEEDED: entry(429, (x) =>
    x.platform === undefined
      ? `Rate limit exceeded. Try again in ${String(x.retry_after)} seconds`
      : `Posts to ${String(x.platform)} must be at least 60 seconds apart; the next available time is ${String(x.next_available)}`,
  ),
  MONTHLY_LIMIT_EXCEEDED: entry(
    429,
    (x) => `Monthly post limit of ${String(x.limit)} reached (${String(x.used)} used); it resets at ${String(x.resets_at)}`,
  ),
  INVALID_ID: entry(400, 'The id in the path is not a valid UUID'),
  MISSING_REQUIRED_FIELD: entry(400, (x) => `Missing required field: ${String(x.field)}`),
  INVALID_JSON: entry(400, 'The request body must be a valid JSON object'),
  INTERNAL_SERVER_ERROR: entry(500, 'An unexpected error occurred; retry later'),
  SERVICE_UNAVAILABLE: entry(503, 'The platform is unavailable; retry later with a growing delay'),
  OAUTH_ERROR: entry(400, (x) => `OAuth authorization failed: ${String(x.details)}`),
  // Beyond the codes above (docs/api.md, "Errors").
  NOT_FOUND: entry(404, 'Not found'),
  INVALID_FIELD: entry(400, (x) => `Invalid field: ${String(x.field)}`),
  PAYLOAD_TOO_LARGE: entry(413, (x) => `The request body is larger than ${String(x.max_bytes)} bytes`),
  UNSUPPORTED_MEDIA_TYPE: entry(415, 'Send the body as JSON with the header content-type: application/json'),
  IDEMPOTENCY_KEY_IN_PROGRESS: entry(409, 'A request with this idempotency-key is still in progress; retry shortly'),
  IDEMPOTENCY_KEY_REUSED: entry(422, 'This idempotency-key was already used with a different request body'),
  FORBIDDEN: entry(403, 'Forbidden'),
  // Media (docs/api.md, "Media").
  MEDIA_NOT_FOUND: entry(404, 'Media not found'),
  INVALID_MEDIA: entry(400, (x) => INVALID_MEDIA_MESSAGES[String(x.reason)] ?? 'The media cannot be used'),
  // An edit or retry that the post's status does not allow; the message says what to do instead
  // (docs/api.md, "Editing, rescheduling and retrying").
  INVALID_POST_STATE: entry(409, (x) => `Not possible while the post is ${String(x.status)}`),
  // A key below the operation's least scope (docs/api.md, "Key scopes").
  INSUFFICIENT_SCOPE: entry(
    403,
    (x) => `This API key's scope does not allow this: it needs a key with scope ${String(x.required_scope)} or above`,
  ),
  // The posting queue (docs/api.md, "Posting queue").
  QUEUE_NOT_CONFIGURED: entry(400, 'No posting schedule: set one with PUT /queue before adding posts to the queue'),
  QUEUE_FULL: entry(409, 'No free slot in the posting schedule in the next 365 days: add slots or give scheduled_for'),
  // An account at one of its quotas (docs/api.md, "Quotas"); the domain's message says which and how to free a place.
  QUOTA_EXCEEDED: entry(409, (x) => `Quota exceeded: the account is at its limit of ${String(x.limit)} ${String(x.quota)}`),
  // A change made against a version that is no longer current (docs/api.md, "Versions").
  VERSION_MISMATCH: entry(412, (x) => `The version given is not the current one (${String(x.current_version)}): read it again and retry`),
} satisfies Record<ErrorCode, CatalogEntry>;

/** The HTTP status of a domain error code. */
export const statusOf = (code: ErrorCode): number => errorCatalog[code].status;

export interface WireError {
  statusCode: number;
  headers: Record<string, string>;
  body: { error: ErrorCode; message: string } & Extras;
}

/** Turns anything thrown into the wire error; only DomainErrors are exposed to clients. */
export function toWireError(cause: unknown): WireError {
  const error = cause instanceof DomainError ? cause : new DomainError('INTERNAL_SERVER_ERROR');
  const headers: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
  return {
    statusCode: statusOf(error.code),
    headers,
    body: { error: error.code, message: error.specificMessage ?? errorCatalog[error.code].message(error.extras), ...error.extras },
  };
}
