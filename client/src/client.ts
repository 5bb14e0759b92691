import createFetchClient, { mergeHeaders, type Client, type ClientOptions, type FetchOptions, type FetchResponse } from 'openapi-fetch';
import { toApiError, type CallError } from './errors';
import { retryingFetch, type RetryOptions } from './retry';
import type { paths } from './schema.gen';

/**
 * The typed client: openapi-fetch over the generated `paths`, with the API key, an
 * `idempotencyKey` option on POST and PATCH, retries (./retry.ts) and errors as ApiError by code.
 * Nothing here names an operation: every path and method of docs/openapi.json is typed from the
 * generated file.
 */
type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Media = `${string}/${string}`;

/** The paths that have `method`. */
export type PathsWith<Method extends HttpMethod> = {
  [Path in keyof paths]: paths[Path] extends { [M in Method]: object } ? Path : never;
}[keyof paths];

type Operation<Path extends keyof paths, Method extends HttpMethod> = paths[Path][Method & keyof paths[Path]];

/** Only where the API takes one (POST, PATCH): the `idempotency-key` header, so that a retry cannot act twice. */
interface Idempotent {
  idempotencyKey?: string;
}

/** A call's options: path and query `params`, `body`, `headers`, `signal`, ... as the operation declares them. */
export type CallInit<Path extends keyof paths, Method extends HttpMethod> = FetchOptions<Operation<Path, Method>> &
  (Method extends 'post' | 'patch' ? Idempotent : unknown);

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The options argument is optional when nothing in it is required (no path parameter, no body). */
type InitArgs<Init> = [RequiredKeys<Init>] extends [never] ? [init?: Init] : [init: Init];

type Fetched<Path extends keyof paths, Method extends HttpMethod> = FetchResponse<Operation<Path, Method> & object, object, Media>;

type SuccessData<Response> = Response extends { data: infer Data; error?: never } ? Data : never;
type ErrorBody<Response> = Response extends { data?: never; error: infer Body } ? Body : never;

/** A call's outcome: the success body in `data`, or an ApiError typed by the operation's error codes in `error`. */
export type CallResult<Path extends keyof paths, Method extends HttpMethod> =
  | { data: SuccessData<Fetched<Path, Method>>; error?: undefined; response: Response }
  | { data?: undefined; error: CallError<ErrorBody<Fetched<Path, Method>>>; response: Response };

type CallMethod<Method extends HttpMethod> = <Path extends PathsWith<Method>>(
  path: Path,
  ...init: InitArgs<CallInit<Path, Method>>
) => Promise<CallResult<Path, Method>>;

export interface SocialPostingClient {
  GET: CallMethod<'get'>;
  POST: CallMethod<'post'>;
  PUT: CallMethod<'put'>;
  PATCH: CallMethod<'patch'>;
  DELETE: CallMethod<'delete'>;
  /** The openapi-fetch client underneath (same fetch, retries and headers), for its middleware. */
  raw: Client<paths, Media>;
}

export interface SocialPostingClientOptions extends Omit<ClientOptions, 'fetch'> {
  /** The API's base URL, e.g. `http://127.0.0.1:3000` locally (docs/api.md, "Conventions"). */
  baseUrl: string;
  /** Sent as `x-api-key`. */
  apiKey?: string;
  /** How requests are sent (default: the global fetch); the retries wrap it. */
  fetch?: (request: Request) => Promise<Response>;
  /** Retry settings; `{ maxAttempts: 1 }` turns retries off. */
  retry?: RetryOptions;
}

type UntypedRequest = (
  method: string,
  path: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export function createSocialPostingClient(options: SocialPostingClientOptions): SocialPostingClient {
  const { apiKey, retry, fetch: fetchOnce = (request) => globalThis.fetch(request), headers, ...rest } = options;
  const raw = createFetchClient<paths, Media>({
    ...rest,
    headers: mergeHeaders(headers, apiKey === undefined ? {} : { 'x-api-key': apiKey }),
    fetch: retryingFetch(fetchOnce, retry),
  });
  const request = raw.request as unknown as UntypedRequest;
  const call =
    (method: HttpMethod) =>
    async (path: string, init: Record<string, unknown> & Idempotent & { headers?: ClientOptions['headers'] } = {}) => {
      const { idempotencyKey, headers: callHeaders, ...callRest } = init;
      const merged = idempotencyKey === undefined ? callHeaders : mergeHeaders(callHeaders, { 'idempotency-key': idempotencyKey });
      const { data, error, response } = await request(method, path, { ...callRest, headers: merged });
      return response.ok ? { data, response } : { error: toApiError(response, error), response };
    };
  return {
    GET: call('get') as unknown as CallMethod<'get'>,
    POST: call('post') as unknown as CallMethod<'post'>,
    PUT: call('put') as unknown as CallMethod<'put'>,
    PATCH: call('patch') as unknown as CallMethod<'patch'>,
    DELETE: call('delete') as unknown as CallMethod<'delete'>,
    raw,
  };
}

/** The data of a call, or its ApiError thrown: `const { post } = await orThrow(client.POST('/posts', { body }))`. */
export async function orThrow<Result extends { data?: unknown; error?: Error }>(pending: Promise<Result>): Promise<DataOf<Result>> {
  const result = await pending;
  if (result.error !== undefined) throw result.error;
  return result.data as DataOf<Result>;
}

type DataOf<Result> = Result extends { data: infer Data; error?: undefined } ? Data : never;
