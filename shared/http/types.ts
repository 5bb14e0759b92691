import type { KeyScope } from '#shared/domain/key-scopes';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { MiddlewareObj, Request } from '@middy/core';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResponse = APIGatewayProxyStructuredResultV2 & { headers: Record<string, string> };

/** What the middleware stack learns about a request, handed to the endpoint's handler. */
export interface RequestState {
  operation: string;
  requestId: string;
  startedAt: number;
  /** Set by API-key auth. */
  accountId?: string;
  apiKeyId?: string;
  /** The key's name, when its lookup item has it (docs/api.md, "Drafts": posts record who created them). */
  apiKeyName?: string;
  /** Set when an OAuth access token authenticated the request (the MCP endpoint): its connection and client. */
  oauth?: { connectionId: string; clientName: string };
  /** What the caller may do: the API key's scope, admin for the dashboard session (docs/api.md, "Key scopes"). */
  scope?: KeyScope;
  /** Set by session auth (dashboard): the stored hash of the session id and its CSRF token. */
  session?: { hash: string; csrfToken: string };
  /** Headers to add to whatever response goes out (rate limit, request id). */
  responseHeaders: Record<string, string>;
  /** Parsed JSON body (after the body middleware), validated (after validation). */
  body?: unknown;
  query: Record<string, unknown>;
  /** Set by the idempotency middleware when the request carries an idempotency-key. */
  idempotency?: { recordKey: { pk: string; sk: string }; token: string; requestHash: string; settled: boolean };
  /** A stored response to replay instead of running the handler (idempotency). */
  replay?: HttpResponse;
  /** Answered 503 at its deadline (shared/http/request-deadline.ts): whatever still runs for it is abandoned. */
  abandoned?: boolean;
}

export type HttpContext = Context & { state: RequestState };
export type HttpRequest = Request<HttpEvent, HttpResponse, Error, HttpContext>;
export type HttpMiddleware = MiddlewareObj<HttpEvent, HttpResponse, Error, HttpContext>;

/** What an endpoint returns: a status and a JSON-serialisable body (or none for 204). */
export interface HandlerResult {
  statusCode: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Set-Cookie values (API Gateway payload 2.0 `cookies`); only the dashboard sets any. */
  cookies?: string[];
}

export const jsonResponse = (statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResponse =>
  body === undefined
    ? { statusCode, headers: { ...headers } }
    : { statusCode, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
