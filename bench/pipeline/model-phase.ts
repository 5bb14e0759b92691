import { createBenchAccount } from '../fixtures';
import { ASSUMED_PLATFORM_MS } from '../settings';
import { summarize, type LatencySummary } from '../stats';
import type { BurstFigures, ModelSettings } from './scheduling-model';

/** What the bench reports of the pipeline model (bench/pipeline/scheduling-model.ts). */
export interface PipelineModelFigures {
  posts: number;
  published: number;
  publishedTwice: number;
  queuedDirectly: number;
  schedulesFired: number;
  lateness: LatencySummary;
  maxWaitMs: number;
  releaseBilledMs: LatencySummary;
  publisherBilledMs: LatencySummary;
  /** Billed function time per post: release (when it had a schedule) plus its share of publisher runs. */
  billedMsPerPost: { release: number; publisher: number };
  peakConcurrency: number;
  maxConcurrency: number;
  platformLatencyMs: number;
  burst: BurstFigures;
}

export const MODEL_QUEUE: ModelSettings['queue'] = {
  batchSize: 10,
  maxConcurrency: 10,
  visibilityTimeoutMs: 18 * 60_000,
  maxReceiveCount: 5,
  pickupMaxMs: 100,
};

/** Runs the on-time model on 1,000 posts (real handlers, DynamoDB Local) and the 10,000-post burst. */
export async function measurePipelineModel(posts: number): Promise<PipelineModelFigures> {
  const { runBurstModel, runOnTimeModel } = await import('./scheduling-model');
  const account = await createBenchAccount({ name: 'pipeline model', plan: 'pro', monthlyLimit: posts + 10, platforms: ['bluesky'] });
  const onTime = await runOnTimeModel(account.accountId, {
    posts,
    nearShare: 0.2,
    platformLatencyMs: ASSUMED_PLATFORM_MS,
    queue: MODEL_QUEUE,
    seed: 20261123,
  });
  const burst = await runBurstModel({ posts: 10_000, publisherMs: ASSUMED_PLATFORM_MS, failureShare: 0.02, queue: MODEL_QUEUE, seed: 11 });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    posts: onTime.posts,
    published: onTime.published,
    publishedTwice: onTime.publishedTwice,
    queuedDirectly: onTime.queuedDirectly,
    schedulesFired: onTime.schedulesFired,
    lateness: summarize(onTime.latenessMs),
    maxWaitMs: onTime.maxWaitMs,
    releaseBilledMs: summarize(onTime.releaseBilledMs),
    publisherBilledMs: summarize(onTime.publisherBilledMs),
    billedMsPerPost: { release: sum(onTime.releaseBilledMs) / onTime.posts, publisher: sum(onTime.publisherBilledMs) / onTime.posts },
    peakConcurrency: onTime.peakConcurrency,
    maxConcurrency: MODEL_QUEUE.maxConcurrency,
    platformLatencyMs: ASSUMED_PLATFORM_MS,
    burst,
  };
}
