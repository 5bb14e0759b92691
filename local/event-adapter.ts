import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteMatch } from './router';

/**
 * Turns a Node HTTP request into the event API Gateway (HTTP API, payload 2.0) would send,
 * and the handler's result back into a response, so the local server runs the Lambda
 * handlers unchanged.
 */
export function toHttpApiEvent(request: IncomingMessage, body: Buffer, match: RouteMatch, now = new Date()): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const rawPath = (request.url ?? '/').split('?')[0];
  // Maps, then Object.fromEntries: a parameter named __proto__ must arrive as an ordinary
  // field (as in API Gateway's JSON event), not vanish into the object's prototype.
  const headerMap = new Map<string, string>();
  const cookies: string[] = [];
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index].toLowerCase();
    const value = request.rawHeaders[index + 1];
    if (name === 'cookie')
      cookies.push(
        ...value
          .split(';')
          .map((cookie) => cookie.trim())
          .filter(Boolean),
      );
    else headerMap.set(name, headerMap.has(name) ? `${headerMap.get(name)},${value}` : value);
  }
  const queryMap = new Map<string, string>();
  for (const [name, value] of url.searchParams) queryMap.set(name, queryMap.has(name) ? `${queryMap.get(name)},${value}` : value);
  const headers = Object.fromEntries(headerMap);
  const query = Object.fromEntries(queryMap);
  const method = request.method ?? 'GET';
  return {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath,
    rawQueryString: url.search.slice(1),
    cookies: cookies.length ? cookies : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: match.pathParameters,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: rawPath,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: match.routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    // Like API Gateway: text as is, anything that is not valid UTF-8 base64-encoded.
    ...encodeBody(body),
  };
}

/** Writes a handler's result (API Gateway's structured response) to the Node response. */
export function writeHttpApiResult(response: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  if (body) headers['content-length'] = String(body.length);
  response.writeHead(result.statusCode ?? 200, headers);
  response.end(body);
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function encodeBody(body: Buffer): { body: string | undefined; isBase64Encoded: boolean } {
  if (!body.length) return { body: undefined, isBase64Encoded: false };
  try {
    return { body: utf8.decode(body), isBase64Encoded: false };
  } catch {
    return { body: body.toString('base64'), isBase64Encoded: true };
  }
}
