import type { Context } from 'aws-lambda';
import { apiHandler } from '#shared/http/api-handler';
import { routes, routesOf } from '#shared/http/routes';
import type { HttpEvent } from '#shared/http/types';

/**
 * The route a request matched chooses its authentication (shared/http/route-auth.ts): the handler
 * keys its middleware stacks by `requestContext.routeKey`, and a key that names no route of the
 * operation is a wiring fault, answered 500 rather than served with a guessed authentication.
 */
const event = (routeKey: string, headers: Record<string, string> = {}): HttpEvent =>
  ({
    version: '2.0',
    routeKey,
    rawPath: '/usage',
    rawQueryString: '',
    headers,
    isBase64Encoded: false,
    requestContext: { requestId: 'req-route-auth', routeKey, http: { method: 'GET', path: '/usage', sourceIp: '127.0.0.1' } },
  }) as unknown as HttpEvent;
const context = { awsRequestId: 'aws-request', getRemainingTimeInMillis: () => 25_000 } as unknown as Context;

describe('the route table', () => {
  it('gives a public operation with a dashboard path two routes, the second behind the session', () => {
    expect(routesOf('get-usage')).toEqual([
      { method: 'GET', path: '/usage', operation: 'get-usage', auth: 'api-key', scope: 'read' },
      { method: 'GET', path: '/dashboard/api/usage', operation: 'get-usage', auth: 'session' },
    ]);
  });

  it('has every dashboard API route behind the session, but sign-in', () => {
    const dashboard = routes.filter((route) => route.path.startsWith('/dashboard/api/'));
    expect(dashboard.filter((route) => route.auth !== 'session').map((route) => route.operation)).toEqual(['dashboard-sign-in']);
  });
});

describe('apiHandler', () => {
  const handler = apiHandler({ operation: 'get-usage', handle: async () => ({ statusCode: 200, body: { served: true } }) });

  it('answers a route key of no route of its operation 500, whatever the headers say', async () => {
    const response = await handler(event('GET /keys', { 'x-api-key': 'sk_whatever', cookie: '__Host-sps_session=x' }), context);
    expect([response.statusCode, JSON.parse(response.body as string).error]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
  });

  it('asks the public route for a key and the dashboard route for a session, before anything else', async () => {
    const publicRoute = await handler(event('GET /usage'), context);
    expect([publicRoute.statusCode, JSON.parse(publicRoute.body as string).error]).toEqual([401, 'MISSING_API_KEY']);
    const dashboardRoute = await handler(event('GET /dashboard/api/usage', { 'x-api-key': 'sk_whatever' }), context);
    expect([dashboardRoute.statusCode, JSON.parse(dashboardRoute.body as string).error]).toEqual([403, 'FORBIDDEN']);
  });

  it('refuses to wire an operation that no route serves', () => {
    expect(() => apiHandler({ operation: 'no-such-operation', handle: async () => ({ statusCode: 200 }) })).toThrow(/no route/);
  });
});
