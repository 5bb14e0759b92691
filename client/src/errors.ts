import type { components } from './schema.gen';

/**
 * The API's error bodies, typed by code. Derived from the generated schemas, not listed: every
 * schema of the OpenAPI document whose `error` is one constant code (`{"error": CODE, "message",
 * ...extras}`, docs/api.md, "Errors") is an error body, so a code added to the document is typed
 * here at the next generation.
 */
type Schemas = components['schemas'];

type ErrorSchemaName = {
  [Name in keyof Schemas]: Schemas[Name] extends { error: infer Code extends string; message: string }
    ? string extends Code
      ? never
      : Name
    : never;
}[keyof Schemas];

/** Every error body the API documents: a union discriminated by `error`. */
export type ApiErrorBody = Schemas[ErrorSchemaName];

/** Every error code the API documents. */
export type ErrorCode = ApiErrorBody['error'];

/** The body (or bodies: RATE_LIMIT_EXCEEDED has an API and a platform variant) of one code. */
export type ErrorBodyOf<Code extends ErrorCode> = Extract<ApiErrorBody, { error: Code }>;

/**
 * What the client reports when an error response carries no API error body (a proxy's HTML page,
 * an empty 502): the status is kept, the code is the client's own.
 */
export interface UnexpectedResponseBody {
  error: 'UNEXPECTED_RESPONSE';
  message: string;
}

type AnyCode = ErrorCode | UnexpectedResponseBody['error'];

/** Any error body with a code. */
export interface ErrorBodyShape {
  error: string;
  message: string;
}

/**
 * An error answered by the API. `code` is the body's `error`; on a union of these (what a call
 * returns) `if (error.code === 'PLATFORMS_NOT_CONNECTED')` narrows `error.body` to that code's
 * body, so its extra fields (`missing_platforms`) are typed.
 */
export class ApiError<Body extends ErrorBodyShape = ApiErrorBody | UnexpectedResponseBody> extends Error {
  readonly code: Body['error'];
  /** The `x-request-id` of the failed response: quote it when asking the operator. */
  readonly requestId: string | undefined;

  constructor(
    readonly status: number,
    readonly body: Body,
    readonly response: Response,
  ) {
    super(body.message);
    this.name = 'ApiError';
    this.code = body.error;
    this.requestId = response.headers.get('x-request-id') ?? undefined;
  }

  /**
   * Narrows to one code: `if (error?.is('PLATFORMS_NOT_CONNECTED')) error.body.missing_platforms`. Its
   * signature does not depend on `Body`, so that it can be called on a union of ApiErrors.
   */
  is<Code extends AnyCode>(code: Code): this is ApiError<Extract<ApiErrorBody | UnexpectedResponseBody, { error: Code }>> {
    return this.code === code;
  }
}

/** One ApiError per body of the union, so that `code` discriminates the union. */
export type ApiErrorFor<Body> = Body extends ErrorBodyShape ? ApiError<Body> : never;

/** The error a call returns: one of the operation's documented error bodies, or the client's UNEXPECTED_RESPONSE. */
export type CallError<Body> = ApiErrorFor<Body> | ApiError<UnexpectedResponseBody>;

/** Turns what openapi-fetch parsed from an error response into an ApiError. */
export function toApiError(response: Response, parsed: unknown): ApiError {
  if (isErrorBody(parsed)) return new ApiError(response.status, parsed as ApiErrorBody, response);
  const body: UnexpectedResponseBody = {
    error: 'UNEXPECTED_RESPONSE',
    message: `The service answered ${response.status} without an API error body`,
  };
  return new ApiError(response.status, body, response);
}

function isErrorBody(value: unknown): value is ErrorBodyShape {
  if (value === null || typeof value !== 'object') return false;
  const { error, message } = value as Record<string, unknown>;
  return typeof error === 'string' && typeof message === 'string';
}
