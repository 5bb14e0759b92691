import { apiHandler } from '#shared/http/api-handler';
import { mcpEndpoint } from '#shared/http/endpoints/mcp/endpoint';
import { routeHandlers } from './handlers.gen';
import type { RouteHandler } from './route-handler';

/**
 * Each operation's route handler, loaded once per process. Not `import()` on every call: where modules
 * load through hooks (tsx locally), each dynamic import goes to the loader thread and back, about
 * 0.6 ms of a tool call (docs/decisions/0230-mcp-tool-call-cost.md).
 */
const loaded = new Map<string, Promise<RouteHandler>>();

function routeHandler(operation: string): Promise<RouteHandler> {
  let handler = loaded.get(operation);
  if (!handler) {
    const load = routeHandlers[operation];
    if (!load) throw new Error(`MCP: no route handler for ${operation}`);
    handler = load();
    // A failed load is tried again on the next call rather than remembered.
    handler.catch(() => loaded.delete(operation));
    loaded.set(operation, handler);
  }
  return handler;
}

/**
 * POST /mcp: the MCP server. Each tool call runs its operation's own route handler
 * (functions/<operation>/handler.ts, listed in handlers.gen.ts from docs/openapi.json) in this
 * process, with the event its HTTP route would get.
 */
export const handler = apiHandler({
  ...mcpEndpoint(async (operation, event, context) => (await routeHandler(operation))(event, context)),
  operation: 'mcp',
  bearer: true,
  checkOrigin: true,
});
