import { answerMcp } from '#shared/mcp/answer-mcp';

/**
 * One MCP message answered in process (shared/mcp/one-message-transport.ts): the answers the SDK's web
 * transport gives for a stateless JSON POST, without its Request and Response.
 */
const caller = {
  scope: 'read' as const,
  call: async () => ({ statusCode: 200, body: '{"usage":{"posts":1}}' }),
};
const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};

describe('answerMcp with the one-message transport', () => {
  it('answers a request 200 with its response, a tool call with the operation as its result', async () => {
    expect(await answerMcp(initialize, undefined, caller)).toMatchObject({
      status: 200,
      body: { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18', serverInfo: { name: 'social-posting' } } },
    });
    const call = { jsonrpc: '2.0', id: 'c1', method: 'tools/call', params: { name: 'get_usage', arguments: {} } };
    expect(await answerMcp(call, '2025-06-18', caller)).toEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 'c1',
        result: {
          content: [{ type: 'text', text: '{"usage":{"posts":1}}' }],
          structuredContent: { usage: { posts: 1 } },
          _meta: { http_status: 200 },
        },
      },
    });
  });

  it('answers a notification 202 with no body, an unknown method with a JSON-RPC error', async () => {
    expect(await answerMcp({ jsonrpc: '2.0', method: 'notifications/initialized' }, undefined, caller)).toEqual({ status: 202 });
    expect(await answerMcp({ jsonrpc: '2.0', id: 2, method: 'resources/list' }, undefined, caller)).toMatchObject({
      status: 200,
      body: { id: 2, error: { code: -32601 } },
    });
  });

  it('refuses a message that is not JSON-RPC, and an unsupported mcp-protocol-version except on initialize', async () => {
    expect(await answerMcp({ jsonrpc: '2.0', id: 1 }, undefined, caller)).toEqual({
      status: 400,
      body: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Invalid JSON-RPC message' }, id: null },
    });
    const list = { jsonrpc: '2.0', id: 3, method: 'tools/list' };
    expect(await answerMcp(list, '1999-01-01', caller)).toMatchObject({
      status: 400,
      body: {
        error: { code: -32000, message: expect.stringMatching(/^Bad Request: Unsupported protocol version: 1999-01-01/) as unknown },
      },
    });
    expect((await answerMcp(initialize, '1999-01-01', caller)).status).toBe(200);
  });
});
