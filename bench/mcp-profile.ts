/**
 * `tsx bench/mcp-profile.ts`: where a tools/call spends its time inside the MCP endpoint, without the
 * store or the network: the SDK's answer to one tools/call (server, transport, message checks) with an
 * operation that answers at once. Compare with `npm run bench:mcp`, which times the whole request.
 */
import { answerMcp } from '#shared/mcp/answer-mcp';

const RUNS = 3000;
const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_usage', arguments: {} } };
const answer = { statusCode: 200, body: JSON.stringify({ usage: { month: '2026-11', posts: 3, limit: 100 } }) };

async function once(): Promise<void> {
  await answerMcp(message, undefined, { scope: 'admin', call: async () => answer });
}

async function main(): Promise<void> {
  for (let index = 0; index < 300; index += 1) await once();
  const started = performance.now();
  for (let index = 0; index < RUNS; index += 1) await once();
  const perCall = (performance.now() - started) / RUNS;
  process.stdout.write(`answerMcp, tools/call with an instant operation: ${perCall.toFixed(3)} ms per call (${RUNS} runs)\n`);
}

void main();
