import type { HandlerResult, HttpEvent } from '#shared/http/types';

/**
 * GET and DELETE on /mcp: the Streamable HTTP transport lets a server without sessions or a
 * server-initiated stream answer 405 (docs/decisions/0046-mcp.md). They reach the `$default`
 * function (no route in the table, no function of their own), which answers this before any
 * authentication, as it answers 404.
 */
export function isMcpMethodNotAllowed(event: HttpEvent): boolean {
  const method = event.requestContext?.http?.method;
  if (method !== 'GET' && method !== 'DELETE') return false;
  const stage = event.requestContext?.stage;
  return event.rawPath === '/mcp' || (!!stage && event.rawPath === `/${stage}/mcp`);
}

/** The answer: a JSON-RPC error (not an API error code: MCP clients read it), with `allow: POST`. */
export const MCP_METHOD_NOT_ALLOWED: HandlerResult = {
  statusCode: 405,
  headers: { allow: 'POST' },
  body: {
    jsonrpc: '2.0',
    error: {
      code: -32000,
      message: 'Method not allowed: this MCP server is stateless (no session, no stream); send each message by POST.',
    },
    id: null,
  },
};
