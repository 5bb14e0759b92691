/** Latency figures: nearest-rank percentiles over every sample (no histogram rounding). */
export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

export const median = (values: readonly number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export interface LoopResult {
  latencies: LatencySummary;
  requestsPerSecond: number;
  errors: number;
  firstError?: string;
  /** Every latency (ms), for merging runs; emptied once summarized into a report. */
  samples: number[];
  elapsedSeconds: number;
}

/**
 * A closed loop: `concurrency` workers each call `step` again as soon as it returns, until
 * `durationMs` has passed. The same shape of load autocannon puts on the HTTP server.
 */
export async function closedLoop(concurrency: number, durationMs: number, step: () => Promise<void>): Promise<LoopResult> {
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + durationMs;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const begin = performance.now();
      try {
        await step();
        samples.push(performance.now() - begin);
      } catch (error) {
        errors += 1;
        firstError ??= String((error as Error).message ?? error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedSeconds = (performance.now() - started) / 1000;
  return { latencies: summarize(samples), requestsPerSecond: samples.length / elapsedSeconds, errors, firstError, samples, elapsedSeconds };
}

/** Runs `step` `iterations` times one after the other; the latency of each call. */
export async function sequential(iterations: number, step: () => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < iterations; index += 1) {
    const begin = performance.now();
    await step();
    samples.push(performance.now() - begin);
  }
  return samples;
}
