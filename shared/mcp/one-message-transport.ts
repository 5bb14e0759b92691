import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isInitializeRequest,
  isJSONRPCRequest,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** The HTTP answer to one MCP message: its status and JSON body (none for 202). */
export interface McpAnswer {
  status: number;
  body?: unknown;
}

const rpcError = (status: number, code: number, message: string): McpAnswer => ({
  status,
  body: { jsonrpc: '2.0', error: { code, message }, id: null },
});

/**
 * The SDK's transport for one stateless POST of one message, answered as JSON: what
 * `WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })` does
 * for a single message once the endpoint has checked the HTTP request (method, content type, size, JSON,
 * no batch), without a web `Request` and `Response` around it (docs/decisions/0230-mcp-tool-call-cost.md):
 * the message checked by the SDK's own schema (400 -32700 otherwise), the `mcp-protocol-version` header
 * checked except on initialize (400 -32000), a notification or response answered 202, a request answered
 * 200 with the server's response. Used once: the SDK asks for a new transport per stateless request.
 */
export class OneMessageTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private awaited?: { id: RequestId; answer: (answer: McpAnswer) => void };

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  /** The server's response to the request this transport carries; anything else (a server notification) has nowhere to go. */
  async send(message: JSONRPCMessage): Promise<void> {
    if (this.awaited && 'id' in message && message.id === this.awaited.id && ('result' in message || 'error' in message))
      this.awaited.answer({ status: 200, body: message });
  }

  /** Hands the message to the server and resolves with the HTTP answer. */
  exchange(raw: unknown, protocolVersion: string | undefined): Promise<McpAnswer> {
    const parsed = JSONRPCMessageSchema.safeParse(raw);
    if (!parsed.success) return Promise.resolve(rpcError(400, -32700, 'Parse error: Invalid JSON-RPC message'));
    const message = parsed.data;
    // The method first: the SDK's full check of an initialize request costs a failed schema parse on every other message.
    const initializing = 'method' in message && message.method === 'initialize' && isInitializeRequest(message);
    if (!initializing && protocolVersion !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(protocolVersion)) {
      const supported = SUPPORTED_PROTOCOL_VERSIONS.join(', ');
      return Promise.resolve(
        rpcError(400, -32000, `Bad Request: Unsupported protocol version: ${protocolVersion} (supported versions: ${supported})`),
      );
    }
    if (!isJSONRPCRequest(message)) {
      this.onmessage?.(message);
      return Promise.resolve({ status: 202 });
    }
    return new Promise((answer) => {
      this.awaited = { id: message.id, answer };
      this.onmessage?.(message);
    });
  }
}
