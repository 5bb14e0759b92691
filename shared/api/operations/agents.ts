import { mcpMessageSchema } from '#shared/http/endpoints/mcp/schema';
import type { OperationEntry } from '../operation';

/** The agent interface: the MCP server (docs/api.md, "MCP"). */
export const agentOperations: Record<string, OperationEntry> = {
  mcp: {
    method: 'POST',
    path: '/mcp',
    auth: 'api-key',
    scope: 'read',
    deadline: 'outbound',
    tag: 'Agents',
    summary: 'MCP server (Streamable HTTP, stateless)',
    description:
      'The Model Context Protocol for AI agents: one JSON-RPC message per request (`initialize`, `tools/list`, ' +
      '`tools/call`, notifications), answered as JSON (a notification: 202, no body); no session, no event stream ' +
      '(GET and DELETE answer 405). The key may also be sent as `Authorization: Bearer <key>`. `tools/list` shows one tool ' +
      "per API operation the key's scope allows, named after its operationId in snake_case (`previewPost` → " +
      '`preview_post`); `tools/call` runs that operation with the same checks, limits and idempotency, and returns its ' +
      'response body as `structuredContent` (an error: `isError: true` with the error body). Each request counts ' +
      'once against the rate limit, a tool call included. An `Origin` header that is present and not allowed ' +
      "(MCP_ALLOWED_ORIGINS, and the service's own origin) is 403 `FORBIDDEN`.",
    body: mcpMessageSchema,
    mcpTool: false,
    success: {
      status: 200,
      description: 'The JSON-RPC response.',
      schema: 'McpResponse',
      example: { jsonrpc: '2.0', id: 1, result: { tools: [] } },
    },
    errors: ['FORBIDDEN'],
  },
};
