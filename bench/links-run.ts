/**
 * `npm run bench:links`: the tracked-link redirect's figures (docs/performance.md, "Tracked links"):
 * what counting a click adds to GET /l/{code} (p50/p99, in-process against DynamoDB Local) and what a
 * million clicks cost on AWS. Cleans up after itself; exit 1 when a click was lost.
 */
import { loadavg } from 'node:os';
import { cleanUp, installCleanupHandlers } from './cleanup';
import { clickCost, measureLinkRedirect } from './links';

const ITERATIONS = Number(process.env.BENCH_LINK_ITERATIONS ?? 2000);
const ms = (value: number) => value.toFixed(2).padStart(7);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<number> {
  installCleanupHandlers();
  const lines = [`load average at start: ${load()}`];
  const { startBenchEnvironment } = await import('./environment');
  await startBenchEnvironment();
  const figures = await measureLinkRedirect(ITERATIONS);
  lines.push(`GET /l/{code}, handler in-process on DynamoDB Local, ${ITERATIONS} of each kind interleaved (ms)`);
  lines.push('                                   p50      p90      p99      max');
  const row = (name: string, s: typeof figures.counted) => `${name.padEnd(31)} ${ms(s.p50)}  ${ms(s.p90)}  ${ms(s.p99)}  ${ms(s.max)}`;
  lines.push(row('browser (link read + counter)', figures.counted));
  lines.push(row('crawler (link read only)', figures.notCounted));
  lines.push(row('counter write alone (ADD)', figures.counterWrite));
  lines.push(
    `added by counting: p50 ${(figures.counted.p50 - figures.notCounted.p50).toFixed(2)} ms, p99 ${(figures.counted.p99 - figures.notCounted.p99).toFixed(2)} ms`,
  );
  lines.push(
    `handler CPU per request: ${figures.cpuMsPerRequest.toFixed(3)} ms; clicks counted ${figures.clicksCounted} of ${figures.clicksExpected}`,
  );
  // Read after the environment is set: the service's modules read it once when they load.
  const { operations } = await import('#shared/api/manifest');
  const memoryMb = operations['follow-link']?.memoryMb ?? 256;
  const cost = clickCost(figures, memoryMb);
  lines.push(`cost per million clicks on AWS (us-east-1, on-demand): $${cost.total.toFixed(2)}`);
  for (const line of cost.lines) lines.push(`  ${line.item.padEnd(47)} $${line.perMillion.toFixed(3).padStart(6)}  ${line.basis}`);
  lines.push(`load average at end: ${load()}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return figures.clicksCounted === figures.clicksExpected ? 0 : 1;
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    process.stderr.write(`bench:links failed: ${(error as Error).stack ?? String(error)}\n`);
    await cleanUp();
    process.exit(1);
  });
