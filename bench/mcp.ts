import { keepAliveCaller } from './http-client';
import { sequential, summarize, type LatencySummary } from './stats';

/** One operation called the two ways, one request at a time. */
export interface McpOverheadFigures {
  name: string;
  /** The HTTP route: POST /posts/preview, GET /usage... */
  http: LatencySummary;
  /** The same operation as an MCP tools/call on POST /mcp (one JSON-RPC request, no session). */
  mcp: LatencySummary;
  /** mcp.p50 / http.p50. */
  p50Ratio: number;
}

interface McpCase {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  tool: string;
}

export const MCP_CASES: McpCase[] = [
  {
    name: 'preview_post vs POST /posts/preview',
    method: 'POST',
    path: '/posts/preview',
    body: { content: 'Shipping v2 today https://example.com #launch', platforms: ['linkedin', 'bluesky'] },
    tool: 'preview_post',
  },
  { name: 'get_usage vs GET /usage', method: 'GET', path: '/usage', tool: 'get_usage' },
];

const WARMUP = 20;

/**
 * MCP tools/call overhead against the same HTTP call: each iteration makes both (in turns, so a
 * slow moment of the machine hits both alike). The MCP call is authenticated and counted once as
 * the MCP request, then runs the route's handler in-process with that caller (no second lookup or count,
 * docs/decisions/0163-mcp-counts-once.md).
 */
export async function measureMcpOverhead(baseUrl: string, apiKey: string, iterations: number): Promise<McpOverheadFigures[]> {
  const caller = keepAliveCaller(baseUrl);
  const figures: McpOverheadFigures[] = [];
  try {
    for (const testCase of MCP_CASES) {
      const httpBody = testCase.body === undefined ? undefined : JSON.stringify(testCase.body);
      const httpHeaders = { 'x-api-key': apiKey, ...(httpBody ? { 'content-type': 'application/json' } : {}) };
      const mcpBody = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: testCase.tool, arguments: testCase.body ?? {} },
      });
      const mcpHeaders = {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      };
      const check = (what: string) => (status: number) => {
        if (status !== 200) throw new Error(`${testCase.name}: ${what} answered ${status}`);
      };
      const http = () => caller.call(testCase.method, testCase.path, httpHeaders, httpBody).then(check('HTTP'));
      const mcp = () => caller.call('POST', '/mcp', mcpHeaders, mcpBody).then(check('MCP'));
      for (let index = 0; index < WARMUP; index += 1) {
        await http();
        await mcp();
      }
      const samples = { http: [] as number[], mcp: [] as number[] };
      let turn = 0;
      await sequential(iterations, async () => {
        turn += 1;
        const order = turn % 2 ? (['http', 'mcp'] as const) : (['mcp', 'http'] as const);
        for (const kind of order) {
          const started = performance.now();
          await (kind === 'http' ? http() : mcp());
          samples[kind].push(performance.now() - started);
        }
      });
      const httpSummary = summarize(samples.http);
      const mcpSummary = summarize(samples.mcp);
      figures.push({ name: testCase.name, http: httpSummary, mcp: mcpSummary, p50Ratio: mcpSummary.p50 / httpSummary.p50 });
    }
  } finally {
    caller.close();
  }
  return figures;
}
