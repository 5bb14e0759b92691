import type { KeyScope } from '#shared/domain/key-scopes';
import { operationRuntime as operations } from '#shared/api/runtime.gen';
import type { HttpMethod, OperationRuntimeRow } from '#shared/api/operation';

export {
  DEFAULT_OPERATION,
  EXPIRY_SWEEP_OPERATION,
  INBOX_COLLECTOR_OPERATION,
  MCP_OPERATION,
  METRICS_COLLECTOR_OPERATION,
  PUBLISHER_OPERATION,
  RELEASE_OPERATION,
  SERIES_TICK_OPERATION,
  WEBHOOK_DELIVERY_OPERATION,
  WEBHOOK_DISPATCH_OPERATION,
} from '#shared/api/worker-names';

/**
 * THE route table, derived from the operation manifest (shared/api/manifest.ts, through its generated
 * runtime table shared/api/runtime.gen.ts, which leaves the documentation out of the bundles): each operation's
 * route, and its dashboard route where it has one. The CDK stack creates one API Gateway route per
 * entry and one Lambda function per operation; the local server routes with the same list. Each
 * operation's handler lives in `functions/<operation>/handler.ts` and exports `handler`.
 */
export interface Route {
  method: HttpMethod;
  /** API Gateway route path; `{name}` is one path segment. */
  path: string;
  operation: string;
  /**
   * How a request to this route is authenticated: the x-api-key header, the dashboard's session
   * cookie and CSRF token (shared/http/session-auth.ts), or its own means (OAuth state, the
   * dashboard's sign-in). A public operation's dashboard route is 'session'.
   */
  auth: 'api-key' | 'session' | 'none';
  /** An api-key route's least key scope (docs/api.md, "Key scopes"); the dashboard session is admin. */
  scope?: KeyScope;
}

/** The routes of a table of operations: each one's route, then its dashboard route where it has one. */
export const routesFrom = (table: Readonly<Record<string, OperationRuntimeRow>>): Route[] =>
  Object.entries(table).flatMap(([operation, entry]): Route[] => {
    const route: Route = {
      method: entry.method,
      path: entry.path,
      operation,
      auth: entry.auth,
      ...(entry.scope ? { scope: entry.scope } : {}),
    };
    return entry.dashboardPath ? [route, { method: entry.method, path: entry.dashboardPath, operation, auth: 'session' }] : [route];
  });

export const routes: readonly Route[] = routesFrom(operations);

export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;

const byKey = new Map(routes.map((route) => [routeKey(route), route]));

/** The route of a route key (`requestContext.routeKey`, set by API Gateway from the route it matched). */
export const routeOfKey = (key: string | undefined): Route | undefined => (key === undefined ? undefined : byKey.get(key));

/** Every route of an operation: its own, and its dashboard route where it has one. */
export const routesOf = (operation: string): Route[] => routes.filter((route) => route.operation === operation);
