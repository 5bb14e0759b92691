import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT, PARTITION, REGION, URL_SUFFIX } from './aws-names';
import type { DeployedFunction, LambdaService } from './lambda/lambda-service';
import { AccessDenied } from './role-policies';
import type { WorldClock } from './world-clock';

export interface ApiRoute {
  routeKey: string;
  fn: DeployedFunction;
  /** The role the integration invokes the function with, if it has credentials. */
  credentialsRoleLogicalId?: string;
}

interface RouteMatch {
  route: ApiRoute;
  pathParameters?: Record<string, string>;
}

/** Content types API Gateway hands to a function as text; any other body arrives base64-encoded. */
const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded)|[^;]*\+(json|xml))/i;

/** The route API Gateway picks: the method's routes whose segments match, the most literal segments first; else $default. */
export function matchRoute(routes: ApiRoute[], method: string, path: string): RouteMatch | undefined {
  const segments = path.split('/').slice(1);
  const candidates = routes
    .filter((route) => route.routeKey !== '$default')
    .map((route) => {
      const [routeMethod, routePath] = route.routeKey.split(' ');
      const pattern = routePath.split('/').slice(1);
      if ((routeMethod !== method && routeMethod !== 'ANY') || pattern.length !== segments.length) return undefined;
      const pathParameters: Record<string, string> = {};
      const matches = pattern.every((part, index) => {
        if (!part.startsWith('{')) return part === segments[index];
        pathParameters[part.slice(1, -1)] = decodeURIComponent(segments[index]);
        return segments[index] !== '';
      });
      return matches
        ? {
            route,
            pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
            literals: pattern.filter((part) => !part.startsWith('{')).length,
          }
        : undefined;
    })
    .filter((candidate) => candidate !== undefined)
    .sort((a, b) => b.literals - a.literals);
  if (candidates[0]) return { route: candidates[0].route, pathParameters: candidates[0].pathParameters };
  const fallback = routes.find((route) => route.routeKey === '$default');
  return fallback ? { route: fallback } : undefined;
}

/**
 * The HTTP API's stage on a local port: requests under `/<stage>/` are routed by the template's
 * route keys to their functions with API Gateway's payload 2.0 event, and the function's result
 * becomes the response the way API Gateway maps it (a result without statusCode is a 200 JSON
 * body; a failed invocation, or one IAM does not allow API Gateway (the integration's credentials
 * role, or the function's policy for an integration without one), is 500 `{"message":"Internal Server Error"}`).
 */
export async function startHttpApi(options: {
  routes: ApiRoute[];
  stage: string;
  apiId: string;
  lambda: LambdaService;
  clock: WorldClock;
  /** Rejects when API Gateway may not invoke the route's function (`sourceArn`: the route's execute-api ARN). */
  mayInvoke: (route: ApiRoute, sourceArn: string) => Promise<void>;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const domainName = `${options.apiId}.execute-api.${REGION}.${URL_SUFFIX}`;

  async function handle(request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://api');
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const stagePrefix = `/${options.stage}`;
    if (url.pathname !== stagePrefix && !url.pathname.startsWith(`${stagePrefix}/`)) return send(404, { message: 'Not Found' });
    const routePath = url.pathname.slice(stagePrefix.length) || '/';
    const match = matchRoute(options.routes, request.method ?? 'GET', routePath);
    if (!match) return send(404, { message: 'Not Found' });
    try {
      await options.mayInvoke(match.route, routeSourceArn(options.apiId, options.stage, request.method ?? 'GET', match.route.routeKey));
    } catch (error) {
      // What a client sees when IAM refuses API Gateway the invocation; anything else is the emulation's own failure.
      if (error instanceof AccessDenied) return send(500, { message: 'Internal Server Error' });
      return send(500, { message: `local API Gateway emulation failed: ${(error as Error).message}` });
    }
    const outcome = await options.lambda.invoke(
      match.route.fn,
      httpApiEvent(request, url, body, match, options.stage, domainName, options.clock.now()),
      'api',
    );
    if (!outcome.ok) return send(500, { message: 'Internal Server Error' });
    writeResult(response, outcome.result);
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void handle(request, Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/${options.stage}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The `aws:SourceArn` API Gateway invokes a route's function with: the API, stage, method and the route's own path (or `$default`). */
export function routeSourceArn(apiId: string, stage: string, method: string, routeKey: string): string {
  const resource = routeKey === '$default' ? '$default' : `${method}${routeKey.split(' ')[1]}`;
  return `arn:${PARTITION}:execute-api:${REGION}:${ACCOUNT}:${apiId}/${stage}/${resource}`;
}

function httpApiEvent(request: IncomingMessage, url: URL, body: Buffer, match: RouteMatch, stage: string, domainName: string, now: number) {
  const headers = new Map<string, string>();
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
    else headers.set(name, headers.has(name) ? `${headers.get(name)},${value}` : value);
  }
  const sourceIp = request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  // What API Gateway's edge adds: the API's own host name and the forwarding headers.
  headers.set('host', domainName);
  headers.set('x-forwarded-for', sourceIp);
  headers.set('x-forwarded-port', '443');
  headers.set('x-forwarded-proto', 'https');
  const query = new Map<string, string>();
  for (const [name, value] of url.searchParams) query.set(name, query.has(name) ? `${query.get(name)},${value}` : value);
  const text = body.length > 0 && TEXT_TYPES.test(headers.get('content-type') ?? '');
  const date = new Date(now);
  const routeKey = match.route.routeKey;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: cookies.length ? cookies : undefined,
    headers: Object.fromEntries(headers),
    queryStringParameters: query.size ? Object.fromEntries(query) : undefined,
    pathParameters: match.pathParameters,
    requestContext: {
      accountId: ACCOUNT,
      apiId: domainName.split('.')[0],
      domainName,
      domainPrefix: domainName.split('.')[0],
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp,
        userAgent: headers.get('user-agent') ?? '',
      },
      requestId: randomUUID().slice(0, 18),
      routeKey,
      stage,
      time: date.toUTCString().replace(/^\w+, (\d+) (\w+) (\d+) ([\d:]+) GMT$/, '$1/$2/$3:$4 +0000'),
      timeEpoch: now,
    },
    body: body.length ? (text ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !text,
  };
}

function writeResult(response: ServerResponse, result: unknown): void {
  const structured = result !== null && typeof result === 'object' && 'statusCode' in result;
  if (!structured) {
    response.writeHead(200, { 'content-type': 'application/json' });
    return void response.end(typeof result === 'string' ? result : JSON.stringify(result));
  }
  const {
    statusCode,
    headers = {},
    cookies = [],
    body,
    isBase64Encoded,
  } = result as { statusCode: number; headers?: Record<string, string>; cookies?: string[]; body?: string; isBase64Encoded?: boolean };
  const out: Record<string, string | string[]> = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  if (cookies.length) out['set-cookie'] = cookies;
  response.writeHead(statusCode, out);
  response.end(body === undefined ? undefined : Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8'));
}
