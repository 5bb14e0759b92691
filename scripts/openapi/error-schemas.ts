import { KEY_SCOPES } from '#shared/domain/key-scopes';
import { MAX_CONTENT_LENGTH } from '#shared/http/endpoints/create-post/schema';
import { type ErrorCode } from '#shared/domain/errors';
import { VALID_PLATFORMS } from '#shared/domain/platforms';
import { errorCatalog } from '#shared/http/errors';
import { MAX_BODY_BYTES } from '#shared/http/json-body';
import { POST_STATUSES } from '#shared/domain/post-status';
import { closedObject, platform, timestamp, type JsonSchema } from '#shared/api/schemas/primitives';

/**
 * Error bodies from the error catalog: `{error, message, ...extras}` with each code's extra
 * fields. The table below must name every code of the catalog (the type says so), so a new
 * code cannot reach the wire undocumented. Example messages come from the catalog itself.
 */
interface ErrorVariant {
  extras: Record<string, JsonSchema>;
  example: Record<string, unknown>;
  /** Names the component when a code has several variants. */
  name?: string;
}

const field = { field: { type: 'string', description: 'The body field, query parameter or header concerned.' } };
const none = (): ErrorVariant[] => [{ extras: {}, example: {} }];

const errorVariants: Record<ErrorCode, ErrorVariant[]> = {
  MISSING_API_KEY: none(),
  INVALID_API_KEY: none(),
  PROFILE_NOT_FOUND: none(),
  PROFILE_ALREADY_EXISTS: none(),
  INVALID_CREDENTIALS: none(),
  PLATFORMS_NOT_CONNECTED: [
    {
      extras: { missing_platforms: { type: 'array', items: platform, minItems: 1, uniqueItems: true } },
      example: { missing_platforms: ['linkedin'] },
    },
  ],
  POST_NOT_FOUND: none(),
  POST_PUBLISHED: none(),
  CONTENT_TOO_LONG: [
    {
      extras: {
        max_length: { type: 'integer', const: MAX_CONTENT_LENGTH },
        provided_length: { type: 'integer', minimum: MAX_CONTENT_LENGTH + 1 },
      },
      example: { max_length: MAX_CONTENT_LENGTH, provided_length: 3012 },
    },
  ],
  INVALID_SCHEDULED_TIME: none(),
  INVALID_PLATFORMS: [
    { extras: { valid_platforms: { type: 'array', const: [...VALID_PLATFORMS] } }, example: { valid_platforms: [...VALID_PLATFORMS] } },
  ],
  RATE_LIMIT_EXCEEDED: [
    {
      name: 'ApiRateLimitExceededError',
      extras: {
        retry_after: { type: 'integer', minimum: 1, description: 'Seconds until the window resets; also in the retry-after header.' },
      },
      example: { retry_after: 42 },
    },
    {
      name: 'PlatformRateLimitExceededError',
      extras: {
        platform: { type: 'string', const: 'linkedin' },
        next_available: {
          ...timestamp,
          description: 'The earliest time, at or after the requested one, 60 s from every other LinkedIn post.',
        },
      },
      example: { platform: 'linkedin', next_available: '2026-11-23T10:02:30.000Z' },
    },
  ],
  MONTHLY_LIMIT_EXCEEDED: [
    {
      extras: {
        limit: { type: 'integer', minimum: 0 },
        used: { type: 'integer', minimum: 0 },
        resets_at: { ...timestamp, description: 'First day of next month, 00:00:00.000Z.' },
      },
      example: { limit: 10, used: 10, resets_at: '2026-12-01T00:00:00.000Z' },
    },
  ],
  INVALID_ID: none(),
  MISSING_REQUIRED_FIELD: [{ extras: field, example: { field: 'content' } }],
  INVALID_JSON: none(),
  INTERNAL_SERVER_ERROR: none(),
  SERVICE_UNAVAILABLE: none(),
  OAUTH_ERROR: [
    {
      extras: { details: { type: 'string', maxLength: 300, description: "LinkedIn's error and description, or `state mismatch`." } },
      example: { details: 'state mismatch' },
    },
  ],
  NOT_FOUND: none(),
  INVALID_FIELD: [{ extras: field, example: { field: 'scheduledFor' } }],
  PAYLOAD_TOO_LARGE: [{ extras: { max_bytes: { type: 'integer', const: MAX_BODY_BYTES } }, example: { max_bytes: MAX_BODY_BYTES } }],
  UNSUPPORTED_MEDIA_TYPE: none(),
  IDEMPOTENCY_KEY_IN_PROGRESS: none(),
  IDEMPOTENCY_KEY_REUSED: none(),
  FORBIDDEN: none(),
  MEDIA_NOT_FOUND: none(),
  INVALID_MEDIA: [
    {
      extras: {
        reason: {
          type: 'string',
          enum: [
            'not_uploaded',
            'size_mismatch',
            'not_an_image',
            'type_mismatch',
            'too_many_pixels',
            'not_ready',
            'too_many',
            'in_use',
            'not_a_video',
            'too_long',
            'unsupported_codec',
            'mixed',
          ],
          description:
            'complete: not_uploaded, size_mismatch, not_an_image, type_mismatch, too_many_pixels; a video: not_a_video, too_long, ' +
            'unsupported_codec; a post: not_ready, too_many (more than 4 images or more than one video), mixed (a video and images); DELETE: in_use.',
        },
      },
      example: { reason: 'type_mismatch' },
    },
  ],
  INSUFFICIENT_SCOPE: [
    {
      extras: {
        required_scope: { type: 'string', enum: [...KEY_SCOPES], description: 'The least scope that may do this.' },
      },
      example: { required_scope: 'write' },
    },
  ],
  QUEUE_NOT_CONFIGURED: none(),
  QUEUE_FULL: none(),
  QUOTA_EXCEEDED: [
    {
      extras: {
        quota: { type: 'string', enum: ['keys', 'webhooks', 'pending_media'], description: 'The quota the account is at.' },
        limit: { type: 'integer', minimum: 1, description: "The quota's limit (for the pending uploads' byte cap, in bytes)." },
      },
      example: { quota: 'webhooks', limit: 20 },
    },
  ],
  INVALID_POST_STATE: [
    {
      extras: {
        status: {
          type: 'string',
          enum: [...POST_STATUSES, 'none'],
          description: "The post's status, which does not allow this; for an inbox item, its reply's (`none` when it has none).",
        },
      },
      example: { status: 'failed' },
    },
  ],
  VERSION_MISMATCH: [
    {
      extras: { current_version: { type: 'integer', minimum: 1, description: 'The current version: read it again, then retry with it.' } },
      example: { current_version: 4 },
    },
  ],
};

/** `INVALID_FIELD` → `InvalidFieldError`, `OAUTH_ERROR` → `OauthError`. */
export const errorSchemaName = (code: ErrorCode): string =>
  `${code
    .replace(/_ERROR$/, '')
    .toLowerCase()
    .replace(/(^|_)([a-z])/g, (_match, _sep: string, letter: string) => letter.toUpperCase())}Error`;

/** The components of the two shapes of RATE_LIMIT_EXCEEDED. */
export const RATE_LIMIT_SCHEMAS = { api: 'ApiRateLimitExceededError', platform: 'PlatformRateLimitExceededError' } as const;

const variantSchema = (code: ErrorCode, variant: ErrorVariant): JsonSchema =>
  closedObject({ error: { type: 'string', const: code }, message: { type: 'string' }, ...variant.extras });

function errorExample(code: ErrorCode, variant: ErrorVariant): Record<string, unknown> {
  return { error: code, message: errorCatalog[code].message(variant.example), ...variant.example };
}

/** Every error body as a component: one per code (a oneOf where a code has variants). */
export function errorComponents(): Record<string, JsonSchema> {
  const components: Record<string, JsonSchema> = {};
  for (const code of Object.keys(errorCatalog) as ErrorCode[]) {
    const variants = errorVariants[code];
    const name = errorSchemaName(code);
    if (variants.length === 1) {
      components[name] = { description: `${errorCatalog[code].status} ${code}`, ...variantSchema(code, variants[0]) };
      continue;
    }
    for (const variant of variants) components[variant.name as string] = variantSchema(code, variant);
    components[name] = {
      description: `${errorCatalog[code].status} ${code}: the variants are told apart by their extra fields.`,
      oneOf: variants.map((variant) => ({ $ref: `#/components/schemas/${variant.name as string}` })),
    };
  }
  return components;
}

/** One example per error component (variants included), referenced by every response that answers it. */
export function errorExampleComponents(): Record<string, JsonSchema> {
  const examples: Record<string, JsonSchema> = {};
  for (const code of Object.keys(errorCatalog) as ErrorCode[]) {
    for (const variant of errorVariants[code]) {
      examples[variant.name ?? errorSchemaName(code)] = { summary: code, value: errorExample(code, variant) };
    }
  }
  return examples;
}

/** The example components of a code as the given error component answers it (a oneOf: each variant). */
export function exampleNamesOf(code: ErrorCode, schemaName: string): string[] {
  const variants = errorVariants[code];
  if (variants.length === 1) return [schemaName];
  return schemaName === errorSchemaName(code) ? variants.map((variant) => variant.name as string) : [schemaName];
}
