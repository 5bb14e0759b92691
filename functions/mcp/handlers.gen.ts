// Generated from docs/openapi.json by `npm run mcp-tools` (scripts/generate-mcp-tools.ts): do not edit.

import type { RouteHandler } from './route-handler';

/** Operation → its route handler (functions/<operation>/handler.ts), imported on first use. */
export const routeHandlers: Record<string, () => Promise<RouteHandler>> = {
  'authorize-linkedin': async () => (await import('#functions/authorize-linkedin/handler')).handler,
  'complete-media': async () => (await import('#functions/complete-media/handler')).handler,
  'connect-bluesky': async () => (await import('#functions/connect-bluesky/handler')).handler,
  'create-key': async () => (await import('#functions/create-key/handler')).handler,
  'create-media': async () => (await import('#functions/create-media/handler')).handler,
  'create-post': async () => (await import('#functions/create-post/handler')).handler,
  'create-posts-batch': async () => (await import('#functions/create-posts-batch/handler')).handler,
  'create-webhook': async () => (await import('#functions/create-webhook/handler')).handler,
  'delete-key': async () => (await import('#functions/delete-key/handler')).handler,
  'delete-media': async () => (await import('#functions/delete-media/handler')).handler,
  'delete-post': async () => (await import('#functions/delete-post/handler')).handler,
  'delete-profile': async () => (await import('#functions/delete-profile/handler')).handler,
  'delete-webhook': async () => (await import('#functions/delete-webhook/handler')).handler,
  'edit-post': async () => (await import('#functions/edit-post/handler')).handler,
  'get-media': async () => (await import('#functions/get-media/handler')).handler,
  'get-post': async () => (await import('#functions/get-post/handler')).handler,
  'get-profile': async () => (await import('#functions/get-profile/handler')).handler,
  'get-usage': async () => (await import('#functions/get-usage/handler')).handler,
  'get-webhook': async () => (await import('#functions/get-webhook/handler')).handler,
  'list-keys': async () => (await import('#functions/list-keys/handler')).handler,
  'list-posts': async () => (await import('#functions/list-posts/handler')).handler,
  'list-profile-authors': async () => (await import('#functions/list-profile-authors/handler')).handler,
  'list-profiles': async () => (await import('#functions/list-profiles/handler')).handler,
  'list-webhook-deliveries': async () => (await import('#functions/list-webhook-deliveries/handler')).handler,
  'list-webhooks': async () => (await import('#functions/list-webhooks/handler')).handler,
  'preview-post': async () => (await import('#functions/preview-post/handler')).handler,
  'retry-post': async () => (await import('#functions/retry-post/handler')).handler,
  'rotate-webhook-secret': async () => (await import('#functions/rotate-webhook-secret/handler')).handler,
  'schedule-post': async () => (await import('#functions/schedule-post/handler')).handler,
  'set-profile-author': async () => (await import('#functions/set-profile-author/handler')).handler,
  'test-webhook': async () => (await import('#functions/test-webhook/handler')).handler,
};
