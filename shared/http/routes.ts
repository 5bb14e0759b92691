import type { KeyScope } from '#shared/domain/key-scopes';

/**
 * THE route table. The CDK stack creates one API Gateway route and one Lambda function per
 * entry; the local server routes with the same list. Each operation's handler lives in
 * `functions/<operation>/handler.ts` and exports `handler`.
 */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API Gateway route path; `{name}` is one path segment. */
  path: string;
  operation: string;
  /**
   * How the request is authenticated: the x-api-key header, the dashboard's session cookie
   * (shared/http/session-auth.ts), or its own means (OAuth state, the dashboard's sign-in).
   */
  auth: 'api-key' | 'session' | 'none';
  /**
   * The least key scope that may call an api-key route (docs/api.md, "Key scopes"); a key below it
   * gets 403 INSUFFICIENT_SCOPE. Creating, editing and deleting posts need `draft` here and
   * `write` unless the post is a draft (checked by the use case). Routes authenticated otherwise
   * have none (the dashboard session is admin).
   */
  scope?: KeyScope;
}

export const routes: readonly Route[] = [
  { method: 'GET', path: '/profiles', operation: 'list-profiles', auth: 'api-key', scope: 'read' },
  { method: 'GET', path: '/profiles/{id}', operation: 'get-profile', auth: 'api-key', scope: 'read' },
  { method: 'DELETE', path: '/profiles/{id}', operation: 'delete-profile', auth: 'api-key', scope: 'admin' },
  { method: 'POST', path: '/profiles/bluesky', operation: 'connect-bluesky', auth: 'api-key', scope: 'admin' },
  { method: 'GET', path: '/profiles/{id}/authors', operation: 'list-profile-authors', auth: 'api-key', scope: 'read' },
  { method: 'PUT', path: '/profiles/{id}/author', operation: 'set-profile-author', auth: 'api-key', scope: 'admin' },
  { method: 'POST', path: '/profiles/linkedin/authorize', operation: 'authorize-linkedin', auth: 'api-key', scope: 'admin' },
  { method: 'GET', path: '/profiles/linkedin/start', operation: 'start-linkedin-authorization', auth: 'none' },
  { method: 'GET', path: '/profiles/linkedin/callback', operation: 'linkedin-callback', auth: 'none' },
  { method: 'POST', path: '/posts', operation: 'create-post', auth: 'api-key', scope: 'draft' },
  { method: 'POST', path: '/posts/preview', operation: 'preview-post', auth: 'api-key', scope: 'read' },
  { method: 'POST', path: '/posts/batch', operation: 'create-posts-batch', auth: 'api-key', scope: 'draft' },
  { method: 'GET', path: '/posts', operation: 'list-posts', auth: 'api-key', scope: 'read' },
  { method: 'GET', path: '/posts/{id}', operation: 'get-post', auth: 'api-key', scope: 'read' },
  { method: 'PATCH', path: '/posts/{id}', operation: 'edit-post', auth: 'api-key', scope: 'draft' },
  { method: 'DELETE', path: '/posts/{id}', operation: 'delete-post', auth: 'api-key', scope: 'draft' },
  { method: 'POST', path: '/posts/{id}/retry', operation: 'retry-post', auth: 'api-key', scope: 'write' },
  { method: 'POST', path: '/posts/{id}/schedule', operation: 'schedule-post', auth: 'api-key', scope: 'write' },
  { method: 'GET', path: '/usage', operation: 'get-usage', auth: 'api-key', scope: 'read' },
  // write, not read: a refresh spends the account's platform calls and writes (docs/api.md, "Metrics and analytics").
  { method: 'POST', path: '/posts/{id}/metrics/refresh', operation: 'refresh-post-metrics', auth: 'api-key', scope: 'write' },
  { method: 'GET', path: '/analytics', operation: 'get-analytics', auth: 'api-key', scope: 'read' },
  { method: 'POST', path: '/media', operation: 'create-media', auth: 'api-key', scope: 'draft' },
  { method: 'POST', path: '/media/{id}/complete', operation: 'complete-media', auth: 'api-key', scope: 'draft' },
  { method: 'GET', path: '/media/{id}', operation: 'get-media', auth: 'api-key', scope: 'read' },
  { method: 'DELETE', path: '/media/{id}', operation: 'delete-media', auth: 'api-key', scope: 'draft' },
  { method: 'GET', path: '/keys', operation: 'list-keys', auth: 'api-key', scope: 'read' },
  { method: 'POST', path: '/keys', operation: 'create-key', auth: 'api-key', scope: 'admin' },
  { method: 'DELETE', path: '/keys/{id}', operation: 'delete-key', auth: 'api-key', scope: 'admin' },
  { method: 'GET', path: '/webhooks', operation: 'list-webhooks', auth: 'api-key', scope: 'read' },
  { method: 'POST', path: '/webhooks', operation: 'create-webhook', auth: 'api-key', scope: 'admin' },
  { method: 'GET', path: '/webhooks/{id}', operation: 'get-webhook', auth: 'api-key', scope: 'read' },
  { method: 'DELETE', path: '/webhooks/{id}', operation: 'delete-webhook', auth: 'api-key', scope: 'admin' },
  { method: 'POST', path: '/webhooks/{id}/test', operation: 'test-webhook', auth: 'api-key', scope: 'admin' },
  { method: 'POST', path: '/webhooks/{id}/rotate-secret', operation: 'rotate-webhook-secret', auth: 'api-key', scope: 'admin' },
  { method: 'GET', path: '/webhooks/{id}/deliveries', operation: 'list-webhook-deliveries', auth: 'api-key', scope: 'read' },
  // The MCP server (docs/api.md, "MCP"): every key may connect; each tool call checks its own operation's scope.
  // GET and DELETE /mcp answer 405 from the $default function (shared/mcp/method-not-allowed.ts).
  { method: 'POST', path: '/mcp', operation: 'mcp', auth: 'api-key', scope: 'read' },
  // The posting queue (docs/api.md, "Posting queue"): the schedule is account configuration that decides when posts go out, so `write`.
  { method: 'GET', path: '/queue', operation: 'get-queue', auth: 'api-key', scope: 'read' },
  { method: 'PUT', path: '/queue', operation: 'put-queue', auth: 'api-key', scope: 'write' },
  // The account dashboard's API (docs/api.md, "Dashboard"): session cookie + CSRF token, never x-api-key.
  { method: 'POST', path: '/dashboard/api/sign-in', operation: 'dashboard-sign-in', auth: 'none' },
  { method: 'POST', path: '/dashboard/api/sign-out', operation: 'dashboard-sign-out', auth: 'session' },
  { method: 'GET', path: '/dashboard/api/session', operation: 'dashboard-get-session', auth: 'session' },
  { method: 'GET', path: '/dashboard/api/keys', operation: 'dashboard-list-keys', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/keys', operation: 'dashboard-create-key', auth: 'session' },
  { method: 'DELETE', path: '/dashboard/api/keys/{id}', operation: 'dashboard-delete-key', auth: 'session' },
  { method: 'GET', path: '/dashboard/api/profiles', operation: 'dashboard-list-profiles', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/profiles/bluesky', operation: 'dashboard-connect-bluesky', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/profiles/linkedin/authorize', operation: 'dashboard-authorize-linkedin', auth: 'session' },
  { method: 'DELETE', path: '/dashboard/api/profiles/{id}', operation: 'dashboard-delete-profile', auth: 'session' },
  { method: 'GET', path: '/dashboard/api/profiles/{id}/authors', operation: 'dashboard-list-profile-authors', auth: 'session' },
  { method: 'PUT', path: '/dashboard/api/profiles/{id}/author', operation: 'dashboard-set-profile-author', auth: 'session' },
  { method: 'GET', path: '/dashboard/api/usage', operation: 'dashboard-get-usage', auth: 'session' },
  { method: 'GET', path: '/dashboard/api/posts', operation: 'dashboard-list-posts', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/posts', operation: 'dashboard-create-post', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/posts/preview', operation: 'dashboard-preview-post', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/posts/batch', operation: 'dashboard-create-posts-batch', auth: 'session' },
  { method: 'PATCH', path: '/dashboard/api/posts/{id}', operation: 'dashboard-edit-post', auth: 'session' },
  { method: 'DELETE', path: '/dashboard/api/posts/{id}', operation: 'dashboard-delete-post', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/media', operation: 'dashboard-create-media', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/media/{id}/complete', operation: 'dashboard-complete-media', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/posts/{id}/retry', operation: 'dashboard-retry-post', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/posts/{id}/schedule', operation: 'dashboard-schedule-post', auth: 'session' },
  { method: 'GET', path: '/dashboard/api/webhooks', operation: 'dashboard-list-webhooks', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/webhooks', operation: 'dashboard-create-webhook', auth: 'session' },
  { method: 'DELETE', path: '/dashboard/api/webhooks/{id}', operation: 'dashboard-delete-webhook', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/webhooks/{id}/test', operation: 'dashboard-test-webhook', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/webhooks/{id}/rotate-secret', operation: 'dashboard-rotate-webhook-secret', auth: 'session' },
  { method: 'GET', path: '/dashboard/api/webhooks/{id}/deliveries', operation: 'dashboard-list-webhook-deliveries', auth: 'session' },
  { method: 'GET', path: '/dashboard/api/queue', operation: 'dashboard-get-queue', auth: 'session' },
  { method: 'PUT', path: '/dashboard/api/queue', operation: 'dashboard-put-queue', auth: 'session' },
  { method: 'POST', path: '/dashboard/api/posts/{id}/metrics/refresh', operation: 'dashboard-refresh-post-metrics', auth: 'session' },
  { method: 'GET', path: '/dashboard/api/analytics', operation: 'dashboard-get-analytics', auth: 'session' },
];

/** Answers every request that matches no route (API Gateway's `$default` route). */
export const DEFAULT_OPERATION = 'not-found';

/** Lambda functions that serve no route: the publisher consumes the publish queue... */
export const PUBLISHER_OPERATION = 'publish-post';
/** ...which a post's release schedule feeds through this short function (docs/decisions.md). */
export const RELEASE_OPERATION = 'release-post';
/** Webhooks: the stream's consumer makes each recorded event's deliveries... */
export const WEBHOOK_DISPATCH_OPERATION = 'dispatch-webhook-events';
/** ...which the deliverer makes, one attempt per message of the webhook queue... */
export const WEBHOOK_DELIVERY_OPERATION = 'deliver-webhook';
/** Metrics: the collector consumes the metrics queue (docs/decisions.md, "Metrics collection"). */
export const METRICS_COLLECTOR_OPERATION = 'collect-metrics';
/** ...and the daily schedule's target announces LinkedIn tokens about to expire. */
export const EXPIRY_SWEEP_OPERATION = 'sweep-expiring-profiles';

/** The MCP endpoint's operation: it runs the other api-key operations as tools, and is no tool itself. */
export const MCP_OPERATION = 'mcp';

export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;
