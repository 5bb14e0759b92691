import { LATENESS_P99_TARGET_MS } from '../settings';
import { estimateCost, type CostTable, type PipelineUse } from '../cost';
import { createBenchAccount, type BenchAccount } from '../fixtures';
import type { ItemSizes } from '../item-sizes';
import type { StackFacts } from '../stack-facts';
import type { Calibration } from './handler-calibration';
import { ASSUMPTIONS, initMs, shapes, simulate, type Bundle, type ShapeFigures, type Variant } from './lateness-model';

/** What the bench reports of the AWS publishing model (bench/pipeline). */
export interface PipelineModelFigures {
  calibration: Calibration;
  bundles: { publisher: Bundle; release: Bundle };
  stack: StackFacts;
  shapes: { name: string; description: string; posts: number }[];
  /** Each variant with its figures per shape, in the order of `shapes`, and its monthly cost at each volume. */
  variants: { variant: Variant; initMs: number; figures: ShapeFigures[]; cost: CostTable; meetsTarget: boolean }[];
  /** The stack as built (the first variant): the one the targets check and the cost table prices. */
  recommended: string;
  /** The cheapest variant (at 1 M posts a month) with p99 ≤ 75 % of the target at every shape, else the one closest to it. */
  cheapest: string;
  /** The stack as built again at ten times the failure rate: how much p99 leans on that assumption. */
  sensitivity: { failureRate: number; variant: string; figures: ShapeFigures[] };
  itemSizes: ItemSizes & { webhookEvent: number };
  /** The cost table of the stack as built. */
  cost: CostTable;
  seconds: number;
  /** The simulation alone (every shape under every variant, and the sensitivity run). */
  simulationSeconds: number;
  assumptions: typeof ASSUMPTIONS;
}

export const MODEL_SEED = 20261125;

/**
 * The variants compared: the stack as it is, warm (provisioned) instances, a larger memory for
 * a shorter INIT, the queue handing posts over early with the publisher waiting out the rest, and
 * a higher event-source concurrency for the burst. `recommended` names the one the report holds up.
 */
export function variants(stack: StackFacts): Variant[] {
  const memoryMb = stack.functions.publisher.memoryMb;
  const maxConcurrency = stack.publisherEventSource.maxConcurrency ?? 1000;
  const warm = stack.publisherWarmInstances;
  // The code hands a post over within the second before its time (queueDelaySeconds rounds down)
  // and the publisher waits out the rest: the stack as built is "≤ 1 s early".
  const built: Variant = { name: '', warm, memoryMb, maxConcurrency, earlySeconds: 1 };
  const before: Variant = { name: '', warm: 0, memoryMb, maxConcurrency: 10, earlySeconds: 0 };
  return [
    { ...built, name: `the stack as built (${warm} warm, ${memoryMb} MB, max concurrency ${maxConcurrency}, ≤ 1 s early)` },
    { ...before, name: 'before issue 27 (on-demand, max concurrency 10, delay rounded up)' },
    { ...before, name: '1 warm, max concurrency 10, rounded up', warm: 1 },
    { ...before, name: '1 warm, max concurrency 10, ≤ 1 s early', warm: 1, earlySeconds: 1 },
    { ...built, name: `on-demand, max concurrency ${maxConcurrency}, ≤ 1 s early`, warm: 0 },
    { ...built, name: `2 warm, max concurrency ${maxConcurrency}, ≤ 1 s early`, warm: 2 },
    { ...built, name: 'on-demand 1769 MB, ≤ 3 s early', warm: 0, memoryMb: 1769, earlySeconds: 3 },
    { ...built, name: `1 warm, max concurrency ${maxConcurrency}, ≤ 3 s early`, warm: 1, earlySeconds: 3 },
    { ...built, name: '1 warm 1024 MB, max concurrency 100, ≤ 2 s early', warm: 1, memoryMb: 1024, maxConcurrency: 100, earlySeconds: 2 },
  ];
}

/** The recommended variant keeps its p99 within this share of the target at every shape. */
export const RECOMMENDATION_MARGIN = 0.75;

/** Monthly volumes of the cost table, and the traffic shape whose per-post figures stand for each. */
export const VOLUMES = [
  { volume: 10_000, shape: 'sparse' },
  { volume: 1_000_000, shape: 'steady' },
  { volume: 100_000_000, shape: 'steady' },
];

export function pipelineUse(figures: ShapeFigures): PipelineUse {
  return {
    publisherMs: figures.publisherBilledMsPerPost,
    publisherProvisionedMs: figures.publisherProvisionedBilledMsPerPost,
    publisherInvocations: figures.invocations / figures.posts,
    publisherColdShare: figures.coldShare,
    releaseMs: figures.releaseBilledMsPerPost,
    releaseInvocations: figures.releaseInvocations / figures.posts,
    releaseColdShare: figures.releaseColdStarts / Math.max(1, figures.releaseInvocations),
    sqsRequests: figures.sqsRequestsPerPost,
  };
}

/** Calibrates on the real handlers (DynamoDB Local), then runs every shape under every variant and prices each. */
export async function measurePipelineModel(input: {
  bundles: { publisher: Bundle; release: Bundle; createPost: Bundle; dispatcher: Bundle };
  stack: StackFacts;
  measureSizes: (ids: { account: BenchAccount; createdPostId: string; publishedPostId: string }) => Promise<ItemSizes>;
}): Promise<PipelineModelFigures> {
  const started = performance.now();
  const { calibrateHandlers } = await import('./handler-calibration');
  const account = await createBenchAccount({
    name: 'pipeline model',
    plan: 'pro',
    monthlyLimit: 100_000,
    platforms: ['bluesky', 'linkedin'],
  });
  const calibration = await calibrateHandlers(account, { posts: 240, duplicatesPerKind: 10, seed: MODEL_SEED });
  const sizes = await input.measureSizes({
    account,
    createdPostId: calibration.createdPostId,
    publishedPostId: calibration.publishedPostId,
  });
  const itemSizes = { ...sizes, webhookEvent: calibration.webhookEventBytes };
  const traffic = shapes(MODEL_SEED);
  const list = variants(input.stack);
  const run = (variant: Variant) =>
    traffic.map((shape, index) => simulate(shape, variant, calibration.single, input.bundles, MODEL_SEED + index));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const costOf = (variant: Variant, figures: ShapeFigures[]) =>
    estimateCost({
      stack: {
        ...input.stack,
        functions: { ...input.stack.functions, publisher: { ...input.stack.functions.publisher, memoryMb: variant.memoryMb } },
      },
      sizes: itemSizes,
      createPostMs: median(calibration.createPostMs),
      initMs: {
        createPost: initMs(input.bundles.createPost, input.stack.functions.createPost.memoryMb) + ASSUMPTIONS.firstRunSetupMs,
        dispatcher: initMs(input.bundles.dispatcher, input.stack.functions.dispatcher.memoryMb) + ASSUMPTIONS.firstRunSetupMs,
      },
      logBytesPerPost: calibration.logBytesPerPost,
      warmInstances: variant.warm,
      use: VOLUMES.map(({ volume, shape }) => ({ volume, shape, use: pipelineUse(figures.find((entry) => entry.shape === shape)!) })),
      alarms: input.stack.alarms,
      dashboards: input.stack.dashboards,
      kmsKeys: input.stack.kmsKeys,
      secrets: input.stack.secrets,
      sqsEventSources: input.stack.sqsEventSources,
    });
  const simulationStarted = performance.now();
  const figures = list.map((variant) => {
    const shapeFigures = run(variant);
    return {
      variant,
      initMs: initMs(input.bundles.publisher, variant.memoryMb) + ASSUMPTIONS.firstRunSetupMs,
      figures: shapeFigures,
      cost: costOf(variant, shapeFigures),
      meetsTarget: shapeFigures.every((entry) => entry.lateness.p99 <= LATENESS_P99_TARGET_MS),
    };
  });
  type Entry = (typeof figures)[number];
  const atMillion = (entry: Entry) => entry.cost.totals[1]!;
  const worstP99 = (entry: Entry) => Math.max(...entry.figures.map((shape) => shape.lateness.p99));
  // A variant that meets the target by a hair at one shape is not a recommendation: it must keep a
  // quarter of the target in hand at every shape; the cheapest at 1 M posts a month wins, the lower worst p99 on a tie.
  const robust = figures.filter((entry) => worstP99(entry) <= RECOMMENDATION_MARGIN * LATENESS_P99_TARGET_MS);
  const byCost = (a: Entry, b: Entry) => Math.round(atMillion(a) - atMillion(b)) || worstP99(a) - worstP99(b);
  const best = [...robust].sort(byCost)[0] ?? [...figures].sort((a, b) => worstP99(a) - worstP99(b))[0]!;
  // The targets, the sensitivity run and the cost table are the stack's as built (the first
  // variant); the cheapest variant within the margin is named beside it, for a team to compare.
  const built = figures[0]!;
  const recommended = built.variant.name;
  const cheapest = best.variant.name;
  const failureRate = ASSUMPTIONS.failureRate;
  const chosen = built.variant;
  let sensitivity: ShapeFigures[];
  try {
    ASSUMPTIONS.failureRate = failureRate * 10;
    sensitivity = run(chosen);
  } finally {
    ASSUMPTIONS.failureRate = failureRate;
  }
  return {
    calibration,
    bundles: input.bundles,
    stack: input.stack,
    shapes: traffic.map((shape) => ({ name: shape.name, description: shape.description, posts: shape.posts.length })),
    variants: figures,
    recommended,
    cheapest,
    sensitivity: { failureRate: failureRate * 10, variant: recommended, figures: sensitivity },
    itemSizes,
    cost: built.cost,
    seconds: (performance.now() - started) / 1000,
    simulationSeconds: (performance.now() - simulationStarted) / 1000,
    assumptions: ASSUMPTIONS,
  };
}
