import { DomainError } from '#shared/domain/errors';
import { errorCatalog, toWireError } from '#shared/http/errors';

describe('error catalog', () => {
  it('has every code of the catalog in docs/api.md (Errors), with its status', () => {
    const expected: Record<string, number> = {
      MISSING_API_KEY: 401,
      INVALID_API_KEY: 401,
      PROFILE_NOT_FOUND: 404,
      PROFILE_ALREADY_EXISTS: 400,
      INVALID_CREDENTIALS: 400,
      PLATFORMS_NOT_CONNECTED: 400,
      POST_NOT_FOUND: 404,
      POST_PUBLISHED: 400,
      CONTENT_TOO_LONG: 400,
      INVALID_SCHEDULED_TIME: 400,
      INVALID_PLATFORMS: 400,
      RATE_LIMIT_EXCEEDED: 429,
      MONTHLY_LIMIT_EXCEEDED: 429,
      INVALID_ID: 400,
      MISSING_REQUIRED_FIELD: 400,
      INVALID_JSON: 400,
      INTERNAL_SERVER_ERROR: 500,
      SERVICE_UNAVAILABLE: 503,
      OAUTH_ERROR: 400,
      NOT_FOUND: 404,
      INVALID_FIELD: 400,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      IDEMPOTENCY_KEY_IN_PROGRESS: 409,
      IDEMPOTENCY_KEY_REUSED: 422,
      FORBIDDEN: 403,
      MEDIA_NOT_FOUND: 404,
      INVALID_MEDIA: 400,
      INVALID_POST_STATE: 409,
      INSUFFICIENT_SCOPE: 403,
      QUEUE_NOT_CONFIGURED: 400,
      QUEUE_FULL: 409,
      QUOTA_EXCEEDED: 409,
      VERSION_MISMATCH: 412,
    };
    expect(Object.fromEntries(Object.entries(errorCatalog).map(([code, entry]) => [code, entry.status]))).toEqual(expected);
  });

  it('puts extra fields beside error and message', () => {
    const wire = toWireError(new DomainError('CONTENT_TOO_LONG', { max_length: 3000, provided_length: 3001 }));
    expect(wire).toEqual({
      statusCode: 400,
      headers: {},
      body: {
        error: 'CONTENT_TOO_LONG',
        message: 'Content is 3001 characters long; the maximum is 3000',
        max_length: 3000,
        provided_length: 3001,
      },
    });
  });

  it('tells the two rate-limit variants apart by their fields and messages', () => {
    const api = toWireError(new DomainError('RATE_LIMIT_EXCEEDED', { retry_after: 7 }));
    expect(api.body.message).toBe('Rate limit exceeded. Try again in 7 seconds');
    const platform = toWireError(
      new DomainError('RATE_LIMIT_EXCEEDED', { platform: 'linkedin', next_available: '2026-11-23T10:02:30.000Z' }),
    );
    expect(platform.body.message).toContain('60 seconds');
    expect(platform.body.message).toContain('2026-11-23T10:02:30.000Z');
  });

  it('turns anything unknown into a generic 500 without internals', () => {
    const wire = toWireError(new TypeError("Cannot read properties of undefined (reading 'pk') at /var/task/index.js:1:2"));
    expect(wire.statusCode).toBe(500);
    expect(wire.body).toEqual({ error: 'INTERNAL_SERVER_ERROR', message: 'An unexpected error occurred; retry later' });
  });
});
