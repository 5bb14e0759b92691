import type { HttpEvent } from '#shared/http/types';
import type { McpToolDefinition } from './tool-definition';
import { IDEMPOTENCY_ARGUMENT } from './tool-names';

/**
 * Who calls a tool: the MCP request's own facts, handed on to the operation's request. Not the key:
 * the operation gets the authenticated caller with its context (shared/http/handed-over-caller.ts).
 */
export interface ToolCaller {
  requestId: string;
  sourceIp: string;
  userAgent: string;
  host: string;
}

const asText = (value: unknown): string => (Array.isArray(value) ? value.map(asText).join(',') : String(value));

/**
 * The API Gateway (payload 2.0) event the HTTP route would receive for a tool call: method, path
 * with its parameters, query, JSON body, the idempotency-key and the MCP
 * request's id. The route's handler then checks it exactly as it checks an HTTP request.
 */
export function toolRequestEvent(tool: McpToolDefinition, args: Record<string, unknown>, caller: ToolCaller, now = new Date()): HttpEvent {
  const rest: Record<string, unknown> = { ...args };
  const take = (name: string): unknown => {
    const value = rest[name];
    delete rest[name];
    return value;
  };
  const pathParameters: Record<string, string> = {};
  let rawPath = tool.path;
  for (const name of tool.pathParameters) {
    const value = take(name);
    pathParameters[name] = value === undefined || value === null ? '' : asText(value);
    rawPath = rawPath.replace(`{${name}}`, encodeURIComponent(pathParameters[name]));
  }
  const query = new URLSearchParams();
  for (const name of tool.queryParameters) {
    const value = take(name);
    if (value !== undefined && value !== null) query.set(name, asText(value));
  }
  const idempotencyKey = tool.idempotent ? take(IDEMPOTENCY_ARGUMENT) : undefined;
  const body = tool.body === 'flat' ? rest : tool.body === 'nested' ? (rest.body ?? {}) : undefined;
  const headers: Record<string, string> = {
    accept: 'application/json',
    host: caller.host,
    'user-agent': caller.userAgent,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(idempotencyKey === undefined ? {} : { 'idempotency-key': asText(idempotencyKey) }),
  };
  const queryStringParameters = Object.fromEntries(query);
  const routeKey = `${tool.method} ${tool.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: query.toString(),
    headers,
    queryStringParameters: Object.keys(queryStringParameters).length ? queryStringParameters : undefined,
    pathParameters: tool.pathParameters.length ? pathParameters : undefined,
    requestContext: {
      accountId: 'mcp',
      apiId: 'mcp',
      domainName: caller.host,
      domainPrefix: caller.host.split('.')[0],
      http: { method: tool.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: caller.sourceIp, userAgent: caller.userAgent },
      // The MCP request's id: the operation's log lines carry the same id as the MCP request's.
      requestId: caller.requestId,
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
  };
}

/** Arguments a tool does not take: a tool without a body refuses them rather than drop them unseen. */
export function unknownArgument(tool: McpToolDefinition, args: Record<string, unknown>): string | undefined {
  if (tool.body === 'flat') return undefined;
  const known = new Set([...tool.pathParameters, ...tool.queryParameters, ...(tool.idempotent ? [IDEMPOTENCY_ARGUMENT] : [])]);
  if (tool.body === 'nested') known.add('body');
  return Object.keys(args).find((name) => !known.has(name));
}
