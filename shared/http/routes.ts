/**
 * THE route table. The CDK stack creates one API Gateway route and one Lambda function per
 * entry; the local server routes with the same list. Each operation's handler lives in
 * `functions/<operation>/handler.ts` and exports `handler`.
 */
export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** API Gateway route path; `{name}` is one path segment. */
  path: string;
  operation: string;
  /** How the request is authenticated: the x-api-key header, or its own means (OAuth state). */
  auth: 'api-key' | 'none';
}

export const routes: readonly Route[] = [
  { method: 'GET', path: '/profiles', operation: 'list-profiles', auth: 'api-key' },
  { method: 'GET', path: '/profiles/{id}', operation: 'get-profile', auth: 'api-key' },
  { method: 'DELETE', path: '/profiles/{id}', operation: 'delete-profile', auth: 'api-key' },
  { method: 'POST', path: '/profiles/bluesky', operation: 'connect-bluesky', auth: 'api-key' },
  { method: 'POST', path: '/profiles/linkedin/authorize', operation: 'authorize-linkedin', auth: 'api-key' },
  { method: 'GET', path: '/profiles/linkedin/callback', operation: 'linkedin-callback', auth: 'none' },
  { method: 'POST', path: '/posts', operation: 'create-post', auth: 'api-key' },
  { method: 'GET', path: '/posts', operation: 'list-posts', auth: 'api-key' },
  { method: 'GET', path: '/posts/{id}', operation: 'get-post', auth: 'api-key' },
  { method: 'DELETE', path: '/posts/{id}', operation: 'delete-post', auth: 'api-key' },
  { method: 'GET', path: '/usage', operation: 'get-usage', auth: 'api-key' },
  { method: 'GET', path: '/keys', operation: 'list-keys', auth: 'api-key' },
  { method: 'POST', path: '/keys', operation: 'create-key', auth: 'api-key' },
  { method: 'DELETE', path: '/keys/{id}', operation: 'delete-key', auth: 'api-key' },
];

/** Answers every request that matches no route (API Gateway's `$default` route). */
export const DEFAULT_OPERATION = 'not-found';

/** Lambda functions that serve no route (invoked by the scheduler). */
export const PUBLISHER_OPERATION = 'publish-post';

export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;
