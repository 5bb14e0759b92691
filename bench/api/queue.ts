import { loadavg } from 'node:os';
import { cleanUp, installCleanupHandlers } from '../cleanup';
import { startBenchEnvironment } from '../environment';
import { callService } from '../http-client';
import { summarize } from '../stats';

/**
 * Queued-post creation against a plain scheduled post (docs/performance.md, "Posting queue"): the
 * same account, the same body but for `queue: true` or a `scheduled_for`, sequential, interleaved
 * so both see the same machine. A queued creation also reads the schedule and the held slots and
 * writes one more item in the creation transaction. One run: `npx tsx bench/api/queue.ts [N]`.
 */
const ITERATIONS = Number(process.argv[2] ?? 200);
const WARMUP = 20;

async function main(): Promise<void> {
  installCleanupHandlers();
  const environment = await startBenchEnvironment();
  const { createBenchAccount } = await import('../fixtures');
  const account = await createBenchAccount({ name: 'queue bench', plan: 'pro', platforms: ['bluesky'] });
  // 49 slots a week: 7 a day, on the hour from 08:00.
  const slots = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].flatMap((day) =>
    Array.from({ length: 7 }, (_, hour) => ({ day, time: `${String(8 + hour).padStart(2, '0')}:00` })),
  );
  const put = await callService(environment.baseUrl, 'PUT', '/queue', account.apiKey, { timezone: 'Europe/Berlin', slots });
  if (put.status !== 200) throw new Error(`PUT /queue answered ${put.status}`);

  const start = Date.now() + 3_600_000;
  let scheduledIndex = 0;
  const create = async (queued: boolean): Promise<number> => {
    const body = queued
      ? { content: 'queued bench post', platforms: ['bluesky'], queue: true }
      : {
          content: 'scheduled bench post',
          platforms: ['bluesky'],
          scheduled_for: new Date(start + (scheduledIndex += 1) * 61_000).toISOString(),
        };
    const begin = performance.now();
    const answer = await callService(environment.baseUrl, 'POST', '/posts', account.apiKey, body);
    const elapsed = performance.now() - begin;
    if (answer.status !== 201) throw new Error(`POST /posts answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    return elapsed;
  };
  for (let index = 0; index < WARMUP; index += 1) await create(index % 2 === 0);
  const queued: number[] = [];
  const scheduled: number[] = [];
  for (let index = 0; index < ITERATIONS; index += 1) {
    queued.push(await create(true));
    scheduled.push(await create(false));
  }
  const round = (value: number) => Math.round(value * 10) / 10;
  const figures = (samples: number[]) => {
    const summary = summarize(samples);
    return { p50_ms: round(summary.p50), p90_ms: round(summary.p90), p99_ms: round(summary.p99), count: summary.count };
  };
  const load = loadavg().map((value) => Math.round(value * 100) / 100);
  console.log(
    JSON.stringify(
      {
        iterations: ITERATIONS,
        queued: figures(queued),
        scheduled: figures(scheduled),
        queued_slots_taken: ITERATIONS + WARMUP / 2,
        load_average_1_5_15: load,
      },
      null,
      2,
    ),
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => void cleanUp());
