import type { BundleFigures } from './bundles';
import type { CpuPerRequest } from './cpu';
import type { CpuPlacement } from './cpu-placement';
import type { LoadFigures } from './http-load';
import type { ItemSizes } from './item-sizes';
import type { MediaFigures } from './media';
import type { Machine } from './machine';
import type { OverheadFigures } from './overhead';
import type { PipelineModelFigures } from './pipeline/model-phase';
import type { PublishDelayFigures } from './publish-delay';
import type { RaceRound } from './races';
import type { LoopResult } from './stats';
import { LATENESS_P99_TARGET_MS, TARGETS } from './settings';

/** Everything one run measured; the report is rendered from this alone. */
export interface BenchResults {
  startedAt: Date;
  totalSeconds: number;
  machine: Machine;
  load: { connections: number; durationSeconds: number; warmupSeconds: number; slices: number };
  endpoints: EndpointLoad[];
  overhead: OverheadFigures[];
  races: { monthly: RaceRound[]; spacing: RaceRound[] };
  publishDelay?: PublishDelayFigures;
  /** The AWS publishing path modelled offline (Scheduler's minute, SQS delays, bounded concurrency). */
  pipelineModel?: PipelineModelFigures;
  /** Images: the 6 MB photo through create → upload → complete (issue 15). */
  media?: MediaFigures;
  bundles: BundleFigures[];
  /** require() of the two AWS SDK packages alone: in Lambda the runtime's own copy. */
  sdkLoadMs?: number;
  itemSizes?: ItemSizes;
  /** Broken assertions (wrong race counts, non-2xx responses...): the run fails. */
  failures: string[];
}

/** One endpoint under load, service against floor, with the CPUs each process could use. */
export interface EndpointLoad {
  name: string;
  placement: CpuPlacement;
  service: LoadFigures;
  floor: LoopResult;
  cpu: { service: CpuPerRequest; floor: CpuPerRequest };
}

/**
 * The runs the latency targets are held against: the load generator on a CPU of its own when
 * the machine allowed it (bench/cpu-placement.ts), else the shared runs.
 */
export function targetRuns(results: BenchResults): EndpointLoad[] {
  const separate = results.endpoints.filter((endpoint) => endpoint.placement.kind === 'separate');
  return separate.length ? separate : results.endpoints.filter((endpoint) => endpoint.placement.kind === 'shared');
}

/** One figure against its target. Targets missed are reported, not fatal. */
export interface Check {
  figure: string;
  value: string;
  target: string;
  pass: boolean;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const ratio = (value: number) => `${value.toFixed(2)}×`;

export function checks(results: BenchResults): Check[] {
  const list: Check[] = [];
  for (const { name, service, floor } of targetRuns(results)) {
    const p50 = service.latencies.p50 / floor.latencies.p50;
    const p99 = service.latencies.p99 / floor.latencies.p99;
    list.push({
      figure: `${name} p50 service/floor`,
      value: `${ratio(p50)} (${ms(service.latencies.p50)} / ${ms(floor.latencies.p50)})`,
      target: `≤ ${TARGETS.p50Ratio}×`,
      pass: p50 <= TARGETS.p50Ratio,
    });
    list.push({
      figure: `${name} p99 service/floor`,
      value: `${ratio(p99)} (${ms(service.latencies.p99)} / ${ms(floor.latencies.p99)})`,
      target: `≤ ${TARGETS.p99Ratio}×`,
      pass: p99 <= TARGETS.p99Ratio,
    });
  }
  for (const { name, placement, service } of results.endpoints) {
    list.push({
      figure: `${name} non-2xx responses (${placement.kind} CPUs)`,
      value: String(service.non2xx + service.errors),
      target: '0 (fatal)',
      pass: service.non2xx + service.errors === 0,
    });
  }
  for (const figures of results.overhead) {
    const total = figures.http.p50 - figures.floor.p50;
    if (figures.name.startsWith('POST /posts')) {
      // The p99 target is held one request at a time: under 10 connections DynamoDB Local's own
      // p99 (the floor) is already several times 20 ms, which no service on it can beat.
      list.push({
        figure: `${figures.name} p99, one request at a time`,
        value: `${ms(figures.http.p99)} (floor ${ms(figures.floor.p99)})`,
        target: `< ${TARGETS.createPostP99Ms} ms`,
        pass: figures.http.p99 < TARGETS.createPostP99Ms,
      });
    }
    list.push({
      figure: `${figures.name} adapter + middleware overhead (p50, c=1)`,
      value: ms(total),
      target: `< ${TARGETS.overheadMs} ms`,
      pass: total < TARGETS.overheadMs,
    });
  }
  for (const [name, rounds] of [
    ['monthly-limit race (50 → 10×201, 40×429)', results.races.monthly],
    ['LinkedIn spacing race (20 → 1×201, 19×429)', results.races.spacing],
  ] as const) {
    const bad = rounds.filter((round) => !round.ok).length;
    // A partial run (BENCH_SECTIONS without load) runs no race.
    if (!rounds.length) continue;
    list.push({
      figure: name,
      value: `${rounds.length - bad}/${rounds.length} rounds exact`,
      target: 'all (fatal)',
      pass: rounds.length > 0 && bad === 0,
    });
  }
  if (results.publishDelay) {
    const { delay, published, posts, duplicateCalls } = results.publishDelay;
    list.push({
      figure: `publish delay p99 (${posts} posts)`,
      value: ms(delay.p99),
      target: `< ${TARGETS.publishDelayP99Ms} ms`,
      pass: delay.p99 < TARGETS.publishDelayP99Ms,
    });
    list.push({
      figure: 'scheduled posts published exactly once',
      value: `${published}/${posts}, ${duplicateCalls} repeats`,
      target: 'all (fatal)',
      pass: published === posts && duplicateCalls === 0,
    });
  }
  if (results.pipelineModel) {
    const model = results.pipelineModel;
    const recommended = model.variants.find((entry) => entry.variant.name === model.recommended);
    for (const [index, shape] of model.shapes.entries()) {
      const figures = recommended?.figures[index];
      list.push({
        figure: `AWS model, ${shape.name} (${shape.description}): lateness p99 over all posts, ${model.recommended}`,
        value: ms(figures?.lateness.p99 ?? Number.NaN),
        target: `≤ ${LATENESS_P99_TARGET_MS} ms`,
        pass: (figures?.lateness.p99 ?? Infinity) <= LATENESS_P99_TARGET_MS,
      });
    }
    const { duplicates, published, posts } = model.calibration;
    list.push({
      figure: `AWS model: real publisher under duplicate deliveries (${duplicates.sameBatch} same batch, ${duplicates.concurrent} concurrent, ${duplicates.afterFinish} after the first run)`,
      value: `${published}/${posts} published, ${duplicates.publishedTwice} twice`,
      target: 'all, none twice (fatal)',
      pass: published === posts && duplicates.publishedTwice === 0,
    });
  }
  if (results.media) {
    const { completeMs, isolated } = results.media;
    list.push({
      figure: 'images: complete of a 6 MB 4000x3000 JPEG, p50',
      value: ms(completeMs.p50),
      target: '≤ 3000 ms',
      pass: completeMs.p50 <= 3000,
    });
    list.push({
      figure: 'images: peak memory of complete (fresh process)',
      value: `${isolated.maxRssMb.toFixed(0)} MB`,
      target: "< 1536 MB (the function's memory)",
      pass: isolated.maxRssMb < 1536,
    });
  }
  for (const bundle of results.bundles) {
    if (bundle.status !== 'ok') {
      list.push({ figure: `bundle ${bundle.operation}`, value: bundle.status, target: 'bundles and loads', pass: false });
      continue;
    }
    list.push({
      figure: `bundle ${bundle.operation} size`,
      value: `${(bundle.sizeKb ?? 0).toFixed(0)} KB`,
      target: `< ${TARGETS.bundleKb} KB`,
      pass: (bundle.sizeKb ?? 0) < TARGETS.bundleKb,
    });
    list.push({
      figure: `bundle ${bundle.operation} load`,
      value: ms(bundle.loadMs ?? Number.NaN),
      target: `< ${TARGETS.bundleLoadMs} ms`,
      pass: (bundle.loadMs ?? Infinity) < TARGETS.bundleLoadMs,
    });
  }
  return list;
}
