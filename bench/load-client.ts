/**
 * The load generator, run as its own process (a real client is not in the server's process):
 * autocannon against one endpoint, an optional warm-up first, then the measured run. Every
 * response time is kept at full precision (autocannon's own histogram keeps whole ms).
 * Input: one JSON argument (LoadSpec). Output: one JSON line (LoadSlice) on stdout.
 */
import autocannon from 'autocannon';
import type { LoadSlice, LoadSpec } from './http-load';

function runOnce(spec: LoadSpec, durationSeconds: number, onResponse: (status: number, ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: durationSeconds,
        method: spec.method,
        headers: spec.headers,
        body: spec.body,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => onResponse(statusCode, responseTime));
  });
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]) as LoadSpec;
  const statuses: Record<string, number> = {};
  const count = (status: number) => void (statuses[status] = (statuses[status] ?? 0) + 1);
  let errors = 0;
  const cpuBefore = process.cpuUsage();
  if (spec.warmupSeconds > 0) {
    const warm = await runOnce(spec, spec.warmupSeconds, count);
    errors += warm.errors + warm.timeouts;
  }
  const samples: number[] = [];
  const started = performance.now();
  const measured = await runOnce(spec, spec.durationSeconds, (status, ms) => {
    count(status);
    if (status >= 200 && status < 300) samples.push(ms);
  });
  const cpu = process.cpuUsage(cpuBefore);
  const slice: LoadSlice = {
    samples,
    statuses,
    errors: errors + measured.errors + measured.timeouts,
    elapsedSeconds: (performance.now() - started) / 1000,
    clientCpuMs: (cpu.user + cpu.system) / 1000,
  };
  process.stdout.write(`${JSON.stringify(slice)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`load client failed: ${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
