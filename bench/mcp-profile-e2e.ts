import type { Context } from 'aws-lambda';
import { cleanUp, installCleanupHandlers } from './cleanup';
import { startBenchEnvironment } from './environment';

const RUNS = Number(process.env.RUNS ?? 400);
function event(method: string, path: string, routeKey: string, headers: Record<string, string>, body?: string) {
  return {
    version: '2.0', routeKey, rawPath: path, rawQueryString: '', headers,
    requestContext: { accountId: 'l', apiId: 'l', domainName: 'localhost', domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'x' },
      requestId: 'r' + Math.random(), routeKey, stage: '$default', time: new Date().toISOString(), timeEpoch: Date.now() },
    body, isBase64Encoded: false,
  };
}
async function main() {
  installCleanupHandlers();
  await startBenchEnvironment();
  const { createBenchAccount } = await import('./fixtures');
  const { lambdaContext } = await import('../local/lambda-context');
  const account = await createBenchAccount({ name: 'p', plan: 'pro', platforms: ['bluesky'] });
  const preview = (await import('#functions/preview-post/handler')).handler;
  const usage = (await import('#functions/get-usage/handler')).handler;
  const mcp = (await import('#functions/mcp/handler')).handler;
  const args = { content: 'Shipping v2 today https://example.com #launch', platforms: ['linkedin', 'bluesky'] };
  const ctx = (): Context => lambdaContext('r', 'x', 29000);
  const cases: Record<string, () => Promise<unknown>> = {
    httpPreview: () => preview(event('POST', '/posts/preview', 'POST /posts/preview', { 'x-api-key': account.apiKey, 'content-type': 'application/json' }, JSON.stringify(args)) as never, ctx()),
    mcpPreview: () => mcp(event('POST', '/mcp', 'POST /mcp', { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'preview_post', arguments: args } })) as never, ctx()),
    httpUsage: () => usage(event('GET', '/usage', 'GET /usage', { 'x-api-key': account.apiKey }) as never, ctx()),
    mcpUsage: () => mcp(event('POST', '/mcp', 'POST /mcp', { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_usage', arguments: {} } })) as never, ctx()),
  };
  const only = process.env.ONLY; for (const k of Object.keys(cases)) if (only && k !== only) delete cases[k];
  for (const [name, run] of Object.entries(cases)) for (let i = 0; i < 50; i += 1) await run();
  const names = Object.keys(cases);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < RUNS; i += 1)
    for (let k = 0; k < names.length; k += 1) {
      const name = names[(i + k) % names.length];
      const t = performance.now();
      await cases[name]();
      samples[name].push(performance.now() - t);
    }
  const p50 = (name: string) => samples[name].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
  for (const name of names) console.log(name, 'p50', p50(name).toFixed(2));
  if (samples.mcpPreview && samples.httpPreview) console.log('ratio preview', (p50('mcpPreview') / p50('httpPreview')).toFixed(2), 'usage', (p50('mcpUsage') / p50('httpUsage')).toFixed(2));
  await cleanUp();
  process.exit(0);
}
void main();
