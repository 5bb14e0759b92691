import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { jsonSchemaValidator as JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { scopeAllows, type KeyScope } from '#shared/domain/key-scopes';
import { OneMessageTransport, type McpAnswer } from './one-message-transport';
import type { McpToolDefinition } from './tool-definition';
import type { OperationAnswer } from './tool-result';
import { toolResult } from './tool-result';
import { mcpTools } from './tools.gen';

export const MCP_SERVER_INFO = { name: 'social-posting', version: '1.0.0' };

const INSTRUCTIONS = [
  'Publishes posts to LinkedIn and Bluesky for one account. Each tool is one operation of its HTTP API, with the same rules.',
  'Check a text with preview_post first: it changes nothing. With a draft key, create posts with "draft": true; a person approves them.',
  'Pass idempotency_key on creations so that a repeat after a lost answer does not create twice.',
].join(' ');

/** What a tool call needs from its runtime: the caller's scope, and a way to run an operation. */
export interface McpCaller {
  scope: KeyScope;
  call(tool: McpToolDefinition, args: Record<string, unknown>): Promise<OperationAnswer>;
}

const byName = new Map(mcpTools.map((tool) => [tool.name, tool]));
/**
 * The Server checks elicitation answers with this, and this server never asks for one; without it each
 * request's Server would build its own ajv instance (about 2 ms).
 */
const jsonSchemaValidator: JsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'this server asks for no elicitation' }),
};

const listed = new Map<KeyScope, Tool[]>();

/** The tools a key of this scope may call: tools/list shows those only. Built once per scope and process. */
export function listedTools(scope: KeyScope): Tool[] {
  let tools = listed.get(scope);
  if (!tools) {
    tools = mcpTools
      .filter((tool) => scopeAllows(scope, tool.scope))
      .map(({ name, title, description, inputSchema, annotations }) => ({ name, title, description, inputSchema, annotations }) as Tool);
    listed.set(scope, tools);
  }
  return tools;
}

/**
 * Answers one MCP request (Streamable HTTP, stateless): a new server for each request (the SDK binds
 * a server to one transport at a time, and building it costs microseconds), JSON responses, no
 * session, no stream. `message` is the JSON-RPC message the endpoint has read already,
 * `protocolVersion` the request's `mcp-protocol-version` header. A tools/call of a tool the key may
 * not use still runs: the operation answers INSUFFICIENT_SCOPE, as over HTTP.
 */
export async function answerMcp(message: unknown, protocolVersion: string | undefined, caller: McpCaller): Promise<McpAnswer> {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools(caller.scope) }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = byName.get(params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    return toolResult(await caller.call(tool, params.arguments ?? {}));
  });
  const transport = new OneMessageTransport();
  await server.connect(transport);
  try {
    return await transport.exchange(message, protocolVersion);
  } finally {
    await server.close();
  }
}
