import type { Schema } from '#shared/http/validation';

/** A JSON-RPC 2.0 message (request or notification); the MCP SDK checks the rest of it. */
export interface McpMessage {
  jsonrpc: '2.0';
  [field: string]: unknown;
}

/**
 * POST /mcp: one JSON-RPC 2.0 message of the Model Context Protocol (initialize, tools/list,
 * tools/call, notifications). Batches (JSON arrays) are not taken: MCP's current revision has none.
 */
export const mcpMessageSchema: Schema = {
  type: 'object',
  required: ['jsonrpc', 'method'],
  properties: {
    jsonrpc: { type: 'string', enum: ['2.0'], description: 'Always "2.0".', example: '2.0' },
    method: {
      type: 'string',
      minLength: 1,
      description: 'The MCP method: initialize, tools/list, tools/call, notifications/...',
      example: 'tools/list',
    },
    id: { type: ['string', 'integer'], description: 'The request id; absent on a notification.', example: 1 },
    params: { type: 'object', description: "The method's parameters (tools/call: `name` and `arguments`).", example: {} },
  },
};
