/**
 * What the benchmark runs and what it aims for. Durations can be shortened while developing
 * the benchmark itself (BENCH_DURATION_S=2 npm run bench); the report states what was used.
 */
const seconds = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const LOAD = {
  /** Concurrent connections (HTTP) and concurrent loops (floor). */
  connections: 10,
  durationSeconds: seconds('BENCH_DURATION_S', 12),
  warmupSeconds: 2,
  /** The duration is cut in this many slices, service and floor taking turns (even: ABBA order balances). */
  slices: 6,
};

/** Sequential requests per layer and endpoint when measuring the adapter and middleware overhead. */
export const OVERHEAD_ITERATIONS = 150;
export const RACE_ROUNDS = 5;
export const PUBLISH_DELAY_POSTS = 100;
/** Due times of the publish-delay posts are this far apart (100 posts over 5 s). */
export const PUBLISH_DELAY_SPREAD_MS = 50;
/** Floor traffic before the first measurement, so the JVM has compiled DynamoDB Local's hot paths. */
export const ENGINE_WARMUP_SECONDS = 30;
export const BUNDLE_LOAD_RUNS = 3;
export const BUNDLE_LOAD_RUNS_SOURCE_MAPS = 2;

export const TARGETS = {
  p50Ratio: 1.3,
  p99Ratio: 2,
  createPostP99Ms: 20,
  overheadMs: 1,
  publishDelayP99Ms: 1000,
  bundleKb: 300,
  bundleLoadMs: 150,
};

/** A post of typical length (280 characters), the body of every POST /posts of the load test. */
export const POST_CONTENT = (
  'Benchmark post: shipping the scheduler today. Links like https://example.com/changelog, ' +
  'mentions and #hashtags are part of a realistic post, so the item size and the cost ' +
  'estimate below are computed from one. '
).padEnd(280, 'x');

/** How long Bluesky takes to answer a publish (assumed, not measured; the lateness model states its own, the same). */
export const ASSUMED_PLATFORM_MS = 500;
/** The AWS publishing model's target: lateness p99 over all posts, at every traffic shape (issue 27). */
export const LATENESS_P99_TARGET_MS = 2000;

/** Rounds of the 6 MB photo through create, upload and complete. */
export const MEDIA_ROUNDS = 5;
