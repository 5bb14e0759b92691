/**
 * `npm run bench:mcp`: the MCP figures in one run (docs/performance.md, "MCP"): tools/call
 * overhead against the same HTTP call on the local stack, and the MCP function's bundle (size, load
 * time) beside the bundles of the operations it runs. Cleans up after itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stop as stopEsbuild } from 'esbuild';
import { measureBundles } from './bundles';
import { cleanUp, installCleanupHandlers, onCleanup } from './cleanup';
import { measureMcpOverhead } from './mcp';
import * as settings from './settings';

const ROOT = join(__dirname, '..');
const ITERATIONS = 300;
const round = (value: number | undefined, digits = 2) => (value === undefined ? '-' : value.toFixed(digits));

async function main(): Promise<void> {
  installCleanupHandlers();
  const lines = [
    `load average at start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  ];
  const outDir = mkdtempSync(join(tmpdir(), 'sps-bench-mcp-'));
  onCleanup('bundle dir', async () => rmSync(outDir, { recursive: true, force: true }));
  try {
    const bundles = await measureBundles(
      ROOT,
      outDir,
      { plain: settings.BUNDLE_LOAD_RUNS, sourceMaps: settings.BUNDLE_LOAD_RUNS_SOURCE_MAPS },
      ['mcp', 'preview-post', 'create-post'],
    );
    lines.push('bundle          size KB  load ms  load ms (source maps)  largest parts');
    for (const figure of bundles) {
      const largest = (figure.largest ?? []).slice(0, 4).map((part) => `${part.name} ${Math.round(part.kb)}`);
      lines.push(
        `${figure.operation.padEnd(15)} ${round(figure.sizeKb, 0).padStart(7)}  ${round(figure.loadMs, 0).padStart(7)}  ${round(figure.loadMsWithSourceMaps, 0).padStart(21)}  ${largest.join(', ') || figure.problem || ''}`,
      );
    }
  } finally {
    await stopEsbuild();
  }

  const { startBenchEnvironment } = await import('./environment');
  const env = await startBenchEnvironment();
  const { createBenchAccount } = await import('./fixtures');
  const account = await createBenchAccount({ name: 'mcp bench', plan: 'pro', platforms: ['bluesky'] });
  const figures = await measureMcpOverhead(env.baseUrl, account.apiKey, ITERATIONS);
  lines.push(`tools/call overhead, ${ITERATIONS} sequential calls each way (ms)`);
  for (const figure of figures) {
    lines.push(
      `${figure.name}: HTTP p50 ${round(figure.http.p50)} p90 ${round(figure.http.p90)}; MCP p50 ${round(figure.mcp.p50)} p90 ${round(figure.mcp.p90)}; p50 ratio ${round(figure.p50Ratio)}`,
    );
  }
  lines.push(
    `load average at end: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

main()
  .then(() => cleanUp())
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    process.stderr.write(`bench:mcp failed: ${(error as Error).stack ?? String(error)}\n`);
    await cleanUp();
    process.exit(1);
  });
