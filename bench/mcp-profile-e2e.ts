/**
 * `tsx bench/mcp-profile-e2e.ts`: the tools/call path in process, without the local HTTP server: the
 * MCP function's handler against the route handler of the same operation, with the store (DynamoDB
 * Local) and a real key, in turns. `ONLY=mcpPreview node --cpu-prof --import tsx bench/mcp-profile-e2e.ts`
 * gives a CPU profile of one path (docs/decisions/0230-mcp-tool-call-cost.md); `RUNS` sets the calls per path.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { cleanUp, installCleanupHandlers } from './cleanup';
import { startBenchEnvironment } from './environment';

const RUNS = Number(process.env.RUNS ?? 400);
const WARMUP = 50;

function event(method: string, path: string, headers: Record<string, string>, body?: string): APIGatewayProxyEventV2 {
  const routeKey = `${method} ${path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: crypto.randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    body,
    isBase64Encoded: false,
  };
}

async function main(): Promise<void> {
  installCleanupHandlers();
  await startBenchEnvironment();
  const { createBenchAccount } = await import('./fixtures');
  const { lambdaContext } = await import('../local/lambda-context');
  const account = await createBenchAccount({ name: 'mcp profile', plan: 'pro', platforms: ['bluesky'] });
  const preview = (await import('#functions/preview-post/handler')).handler;
  const usage = (await import('#functions/get-usage/handler')).handler;
  const mcp = (await import('#functions/mcp/handler')).handler;
  const args = { content: 'Shipping v2 today https://example.com #launch', platforms: ['linkedin', 'bluesky'] };
  const context = (): Context => lambdaContext('bench', 'bench', 29_000);
  const keyHeader = { 'x-api-key': account.apiKey };
  const mcpHeaders = {
    authorization: `Bearer ${account.apiKey}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const toolCall = (name: string, toolArgs: object) =>
    event(
      'POST',
      '/mcp',
      mcpHeaders,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: toolArgs } }),
    );
  const cases: Record<string, () => Promise<unknown>> = {
    httpPreview: () =>
      preview(event('POST', '/posts/preview', { ...keyHeader, 'content-type': 'application/json' }, JSON.stringify(args)), context()),
    mcpPreview: () => mcp(toolCall('preview_post', args), context()),
    httpUsage: () => usage(event('GET', '/usage', keyHeader), context()),
    mcpUsage: () => mcp(toolCall('get_usage', {}), context()),
  };
  const names = Object.keys(cases).filter((name) => !process.env.ONLY || name === process.env.ONLY);
  for (const name of names) for (let index = 0; index < WARMUP; index += 1) await cases[name]();
  const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let index = 0; index < RUNS; index += 1)
    for (let turn = 0; turn < names.length; turn += 1) {
      const name = names[(index + turn) % names.length];
      const started = performance.now();
      await cases[name]();
      samples[name].push(performance.now() - started);
    }
  const p50 = (name: string) => samples[name].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
  for (const name of names) process.stdout.write(`${name} p50 ${p50(name).toFixed(2)} ms\n`);
  if (names.length === 4)
    process.stdout.write(
      `p50 ratio: preview ${(p50('mcpPreview') / p50('httpPreview')).toFixed(2)}, usage ${(p50('mcpUsage') / p50('httpUsage')).toFixed(2)}\n`,
    );
  await cleanUp();
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    process.stderr.write(`mcp-profile-e2e failed: ${String(error)}\n`);
    await cleanUp();
    process.exit(1);
  },
);
