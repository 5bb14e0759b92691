import { apiHandler } from '#shared/http/api-handler';
import { mcpEndpoint } from '#shared/http/endpoints/mcp/endpoint';
import { routeHandlers } from './handlers.gen';

/**
 * POST /mcp: the MCP server. Each tool call runs its operation's own route handler
 * (functions/<operation>/handler.ts, listed in handlers.gen.ts from docs/openapi.json) in this
 * process, with the event its HTTP route would get.
 */
export const handler = apiHandler({
  ...mcpEndpoint(async (operation, event, context) => {
    const load = routeHandlers[operation];
    if (!load) throw new Error(`MCP: no route handler for ${operation}`);
    return (await load())(event, context);
  }),
  operation: 'mcp',
  bearer: true,
  checkOrigin: true,
});
