import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { Context } from 'aws-lambda';
import { apiKeyAuth } from './api-key-auth';
import { errorHandler } from './error-handler';
import { idempotency } from './idempotency';
import { jsonBody } from './json-body';
import { withLogScope } from '#shared/logger';
import { requestContext } from './request-context';
import { sessionAuth } from './session-auth';
import { jsonResponse, type HandlerResult, type HttpEvent, type HttpResponse, type RequestState } from './types';
import { compileBodyValidator, compileQueryValidator, type ErrorExtras, type Schema } from './validation';

/** What an endpoint's handler receives: the validated input and who is asking. */
export interface ApiRequest<TBody, TQuery> {
  accountId: string;
  body: TBody;
  query: TQuery;
  path: Record<string, string | undefined>;
  headers: Record<string, string | undefined>;
  requestId: string;
  state: RequestState;
}

export interface EndpointOptions<TBody, TQuery> {
  /** Operation name: the folder under functions/ and the name in logs. */
  operation: string;
  /** 'api-key' (default), 'session' (the dashboard's cookie) or 'none' (the OAuth callback, authenticated by its state). */
  auth?: 'api-key' | 'session' | 'none';
  body?: { schema: Schema; extras?: ErrorExtras };
  query?: { schema: Schema; extras?: ErrorExtras };
  /** POST endpoints honour the idempotency-key header (CONTRACT section 7). */
  idempotent?: boolean;
  handle(request: ApiRequest<TBody, TQuery>): Promise<HandlerResult>;
}

/**
 * THE middleware stack, the same for every endpoint, in this order: header normalisation,
 * request id and logger context, API-key auth and rate limit, JSON body, validation,
 * idempotency, and the error handler last (first to see an error on the way back).
 */
export function apiHandler<TBody = undefined, TQuery = Record<string, never>>(options: EndpointOptions<TBody, TQuery>) {
  const validateBody = options.body && compileBodyValidator(options.body.schema, options.body.extras);
  const validateQuery = options.query && compileQueryValidator(options.query.schema, options.query.extras);
  const allowEmptyBody = (options.body?.schema.required ?? []).length === 0;

  const stack = middy<HttpEvent, HttpResponse, Error, Context & { state: RequestState }>()
    .use(httpHeaderNormalizer())
    .use(requestContext(options.operation));
  if ((options.auth ?? 'api-key') === 'api-key') stack.use(apiKeyAuth());
  else if (options.auth === 'session') stack.use(sessionAuth());
  if (options.body) stack.use(jsonBody({ allowEmpty: allowEmptyBody }));
  stack.use({
    name: 'validation',
    before: (request) => {
      const state = request.context.state;
      const query: Record<string, unknown> = { ...(request.event.queryStringParameters ?? {}) };
      validateQuery?.(query);
      state.query = query;
      if (validateBody) validateBody(state.body as Record<string, unknown>);
    },
  });
  if (options.idempotent) stack.use(idempotency());
  stack.use(errorHandler());

  const handler = stack.handler(async (event, context) => {
    const state = context.state;
    if (state.replay) return state.replay;
    const result = await options.handle({
      accountId: state.accountId ?? '',
      body: state.body as TBody,
      query: state.query as TQuery,
      path: event.pathParameters ?? {},
      headers: event.headers ?? {},
      requestId: state.requestId,
      state,
    });
    const response = jsonResponse(result.statusCode, result.body, result.headers);
    return result.cookies?.length ? { ...response, cookies: result.cookies } : response;
  });
  // Each invocation logs through its own scope (see shared/logger.ts).
  // The middleware stack fills in `state`; Lambda hands a plain context.
  return (event: HttpEvent, context: Context) => withLogScope({}, () => handler(event, context as Context & { state: RequestState }));
}
