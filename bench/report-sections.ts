import type { CostTable } from './cost';
import type { PipelineModelFigures } from './pipeline/model-phase';
import { checks, type BenchResults } from './results';
import { LATENESS_P99_TARGET_MS as LATENESS_TARGET, PUBLISH_DELAY_SPREAD_MS } from './settings';
import { formatNumber, type Row } from './tables';

/** The sections both outputs share, as (title, headers, rows). */
export function sections(results: BenchResults): { title: string; headers: string[]; rows: Row[] }[] {
  const list: { title: string; headers: string[]; rows: Row[] }[] = [];
  for (const kind of ['separate', 'shared'] as const) {
    const runs = results.endpoints.filter((endpoint) => endpoint.placement.kind === kind);
    if (!runs.length) continue;
    const where =
      kind === 'separate' ? 'load generator on its own CPU (the target figures)' : 'everything sharing every CPU (for comparison)';
    list.push({
      title: `Load, ${where}: ${results.load.connections} connections, ${results.load.durationSeconds} s per side in ${results.load.slices} alternating slices (after ${results.load.warmupSeconds} s warm-up); latency in ms; ${runs[0].placement.description}`,
      headers: [
        'endpoint',
        'side',
        'p50',
        'p90',
        'p99',
        'max',
        'req/s',
        'non-2xx',
        'CPU ms/req: node',
        'CPU ms/req: DynamoDB Local',
        'CPU ms/req: load generator',
      ],
      rows: runs.flatMap(({ name, service, floor, cpu }) => [
        [
          name,
          'service (HTTP)',
          service.latencies.p50,
          service.latencies.p90,
          service.latencies.p99,
          service.latencies.max,
          service.requestsPerSecond,
          String(service.non2xx + service.errors),
          cpu.service.selfMs,
          cpu.service.engineMs ?? Number.NaN,
          cpu.service.clientMs ?? Number.NaN,
        ],
        [
          name,
          'floor (DynamoDB calls)',
          floor.latencies.p50,
          floor.latencies.p90,
          floor.latencies.p99,
          floor.latencies.max,
          floor.requestsPerSecond,
          String(floor.errors),
          cpu.floor.selfMs,
          cpu.floor.engineMs ?? Number.NaN,
          '(in node)',
        ],
        [
          name,
          'ratio service/floor',
          service.latencies.p50 / floor.latencies.p50,
          service.latencies.p90 / floor.latencies.p90,
          service.latencies.p99 / floor.latencies.p99,
          '',
          '',
          '',
          cpu.service.selfMs / cpu.floor.selfMs,
          '',
          '',
        ],
      ]),
    });
  }
  list.push({
    title: 'Overhead, one request at a time (ms): floor → Lambda handler in-process → through the local HTTP server',
    headers: [
      'endpoint',
      'floor p50',
      'handler p50',
      'HTTP p50',
      'HTTP p99',
      'middleware (handler−floor)',
      'adapter+HTTP (HTTP−handler)',
      'total (HTTP−floor)',
    ],
    rows: results.overhead.map((o) => [
      o.name,
      o.floor.p50,
      o.handler.p50,
      o.http.p50,
      o.http.p99,
      o.handler.p50 - o.floor.p50,
      o.http.p50 - o.handler.p50,
      o.http.p50 - o.floor.p50,
    ]),
  });
  const raceRows = (name: string, rounds: BenchResults['races']['monthly']): Row[] =>
    rounds.map((round, index) => [
      name,
      String(index + 1),
      round.durationMs,
      Object.entries(round.statuses)
        .map(([status, n]) => `${n}×${status}`)
        .join(' '),
      round.ok ? 'exact' : `WRONG: ${round.problem}`,
    ]);
  list.push({
    title: 'Races (all requests sent at once; duration until the last answer)',
    headers: ['race', 'round', 'ms', 'statuses', 'counts'],
    rows: [...raceRows('50 posts, limit 10', results.races.monthly), ...raceRows('20 LinkedIn posts, same time', results.races.spacing)],
  });
  if (results.publishDelay) {
    const { delay, schedulerLag, publisherPrework, publisherRun, posts, published } = results.publishDelay;
    list.push({
      title: `Publish delay on the local scheduler (${posts} posts, due ${PUBLISH_DELAY_SPREAD_MS} ms apart; ms)`,
      headers: ['figure', 'p50', 'p90', 'p99', 'max', 'count'],
      rows: [
        ['platform call − due time', delay.p50, delay.p90, delay.p99, delay.max, `${published}/${posts} published`],
        [
          '  of which: scheduler tick (publisher started − due)',
          schedulerLag.p50,
          schedulerLag.p90,
          schedulerLag.p99,
          schedulerLag.max,
          '',
        ],
        [
          '  of which: publisher reads and claims before the call',
          publisherPrework.p50,
          publisherPrework.p90,
          publisherPrework.p99,
          publisherPrework.max,
          '',
        ],
        [
          'one publisher run (handler, store work only)',
          publisherRun.p50,
          publisherRun.p90,
          publisherRun.p99,
          publisherRun.max,
          publisherRun.count,
        ],
      ],
    });
  }
  if (results.pipelineModel) list.push(...modelSections(results.pipelineModel));
  if (results.media) {
    const { imageBytes, rounds, uploadToReadyMs, completeMs, isolated } = results.media;
    list.push({
      title: `Images: a ${(imageBytes / 1e6).toFixed(1)} MB 4000x3000 JPEG with GPS EXIF through the local service, ${rounds} rounds (ms; local disk storage, sharp on this machine's CPU)`,
      headers: ['step', 'p50', 'p90', 'max', 'note'],
      rows: [
        ['create + PUT + complete (upload to ready)', uploadToReadyMs.p50, uploadToReadyMs.p90, uploadToReadyMs.max, ''],
        [
          'complete alone',
          completeMs.p50,
          completeMs.p90,
          completeMs.max,
          'check, strip, LinkedIn full-size + Bluesky ≤ 1,000,000 B variants',
        ],
        [
          "complete's work in a fresh process",
          isolated.ms,
          '',
          '',
          `peak RSS ${isolated.maxRssMb.toFixed(0)} MB (process at start ${isolated.baselineRssMb.toFixed(0)} MB)`,
        ],
      ],
    });
  }
  list.push({
    title: `Lambda bundles (esbuild as the CDK stack: node24, cjs, minified, @aws-sdk/* external); load = median require() in a fresh node${results.sdkLoadMs === undefined ? '' : `; the AWS SDK alone loads in ${formatNumber(results.sdkLoadMs)} ms`}`,
    headers: [
      'function',
      'status',
      'KB',
      'load ms',
      'load ms, --enable-source-maps',
      'load CPU ms, --enable-source-maps',
      'largest parts (KB)',
      'note',
    ],
    rows: results.bundles.map((b) => [
      b.operation,
      b.status,
      b.sizeKb ?? Number.NaN,
      b.loadMs ?? Number.NaN,
      b.loadMsWithSourceMaps ?? Number.NaN,
      b.loadCpuMs ?? Number.NaN,
      (b.largest ?? []).map((part) => `${part.name} ${part.kb}`).join(', '),
      b.problem ?? '',
    ]),
  });
  if (results.itemSizes) {
    list.push({
      title: 'Item sizes read back from the table (bytes, as DynamoDB bills them)',
      headers: ['item', 'bytes'],
      rows: Object.entries(results.itemSizes).map(([name, bytes]) => [name, bytes]),
    });
  }
  list.push({
    title: 'Targets',
    headers: ['figure', 'value', 'target', 'result'],
    rows: checks(results).map((check) => [check.figure, check.value, check.target, check.pass ? 'pass' : 'MISS']),
  });
  return list;
}

export type Section = { title: string; headers: string[]; rows: Row[] };

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const dollars = (usd: number) => (usd >= 100 ? usd.toFixed(0) : usd.toFixed(2));
const volumeName = (volume: number) => (volume >= 1e6 ? `${volume / 1e6} M` : `${volume / 1e3} k`);

/** The AWS publishing model: what was measured on the real handlers, the variants per shape, their details, and the cost. */
export function modelSections(model: PipelineModelFigures): Section[] {
  const { calibration: c, assumptions: a } = model;
  const summary = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
    return [at(50), at(90), at(99), sorted[sorted.length - 1] ?? Number.NaN, sorted.length] as Row;
  };
  const calibration: Section = {
    title: `AWS publishing model, 1 of 4: the real handlers against DynamoDB Local (${c.posts} posts through POST /posts, ${c.queuedDirectly} queued directly, ${c.schedulesFired} through the release handler; ms)`,
    headers: ['figure', 'p50', 'p90', 'p99', 'max', 'count'],
    rows: [
      ['POST /posts handler (in-process)', ...summary(c.createPostMs)],
      ['release handler run', ...summary(c.single.releaseMs)],
      ['publisher, batch of 1: start → first platform call (the model samples this)', ...summary(c.single.preCallMs)],
      ['publisher, batch of 1: end of its wait → platform call (handed over 300 ms early)', ...summary(c.single.afterWaitMs)],
      ['publisher, batch of 1: platform answer → end (result, final status + outbox)', ...summary(c.single.afterCallMs)],
      ['publisher, batch of 10: start → each first platform call (shown, not sampled)', ...summary(c.full.preCallMs)],
      [
        `duplicates: ${c.duplicates.sameBatch} in one batch, ${c.duplicates.concurrent} in two invocations at once, ${c.duplicates.afterFinish} after the first run`,
        '',
        '',
        '',
        '',
        `${c.published}/${c.posts} published, ${c.duplicates.publishedTwice} published twice; ${c.duplicates.heldReported} copies reported held and delivered again after the lease`,
      ],
    ],
  };
  const shapeHeaders = model.shapes.flatMap((shape) => [`${shape.name} p50`, `${shape.name} p99`, `${shape.name} max`]);
  const variants: Section = {
    title: `AWS publishing model, 2 of 4: lateness over ALL posts (first platform call − due instant; retried and duplicated included; seconds) per variant, and its monthly cost; target p99 ≤ ${seconds(LATENESS_TARGET)} s at every shape. Shapes: ${model.shapes.map((shape) => `${shape.name} = ${shape.description} (${shape.posts} posts)`).join('; ')}`,
    headers: [
      'variant',
      'INIT ms (cold)',
      ...shapeHeaders,
      'meets target',
      ...model.variants[0]!.cost.volumes.map((volume) => `USD/month at ${volumeName(volume)}`),
    ],
    rows: model.variants.map((entry) => [
      `${entry.variant.name}${entry.variant.name === model.recommended ? ' **(the stack)**' : ''}${entry.variant.name === model.cheapest ? ' (cheapest within the margin)' : ''}`,
      entry.initMs,
      ...entry.figures.flatMap((shape) => [seconds(shape.lateness.p50), seconds(shape.lateness.p99), seconds(shape.lateness.max)]),
      entry.meetsTarget ? 'yes' : 'no',
      ...entry.cost.totals.map(dollars),
    ]),
  };
  const detailRows = (name: string, figures: PipelineModelFigures['variants'][number]['figures']): Row[] =>
    figures.map((shape) => [
      name,
      shape.shape,
      `${shape.published}/${shape.posts}`,
      `${(100 * shape.coldShare).toFixed(2)} % (${shape.coldStarts})`,
      `${(100 * shape.coldPostShare).toFixed(2)} %`,
      shape.duplicatesDelivered,
      `${shape.duplicatesHeld} held, ${shape.duplicatesAfterFinal} after final`,
      c.duplicates.publishedTwice,
      shape.retriedRecords,
      shape.deadLettered,
      shape.peakConcurrency,
      shape.publisherBilledMsPerPost + shape.publisherProvisionedBilledMsPerPost,
    ]);
  const details: Section = {
    title: `AWS publishing model, 3 of 4: per shape and variant (failure rate ${(100 * a.failureRate).toFixed(1)} % of record runs, duplicates ${(100 * a.duplicateRate).toFixed(1)} % of messages; "published twice" is the real handlers' count under duplicates, table 1; the last rows repeat the stack as built at ${(100 * model.sensitivity.failureRate).toFixed(0)} % failures)`,
    headers: [
      'variant',
      'shape',
      'published',
      'cold invocations',
      'posts on a cold run',
      'duplicates delivered',
      'duplicate copies',
      'published twice',
      'retried records',
      'dead-lettered',
      'peak concurrency',
      'publisher billed ms per post',
    ],
    rows: [
      ...model.variants.flatMap((entry) => detailRows(entry.variant.name, entry.figures)),
      ...detailRows(
        `${model.sensitivity.variant} at ${(100 * model.sensitivity.failureRate).toFixed(0)} % failures`,
        model.sensitivity.figures,
      ).map((row, index) => {
        const shape = model.sensitivity.figures[index]!;
        return [
          ...row.slice(0, 2),
          `${row[2]} (p99 ${seconds(shape.lateness.p99)} s, max ${seconds(shape.lateness.max)} s)`,
          ...row.slice(3),
        ];
      }),
    ],
  };
  return [calibration, variants, details, costSection(model.cost, model.recommended)];
}

export function costSection(cost: CostTable, variant: string): Section {
  const perMillion = (usd: number, volume: number) => dollars((usd / volume) * 1e6);
  const row = (line: CostTable['variable'][number]): Row => [
    line.item,
    line.perPost,
    ...line.usd.flatMap((usd, index) => [dollars(usd), perMillion(usd, cost.volumes[index]!)]),
  ];
  return {
    title: `AWS publishing model, 4 of 4: cost per month of the stack as built (${variant}), us-east-1 list prices, arm64, no free tier; per-post Lambda time from the model's ${cost.shapes.join(' / ')} shape`,
    headers: ['item', 'per post', ...cost.volumes.flatMap((volume) => [`USD/month at ${volumeName(volume)}`, 'USD per 1 M posts'])],
    rows: [
      ...cost.variable.map(row),
      [
        'variable, total',
        '',
        ...cost.volumes.flatMap((volume, index) => [
          dollars(cost.totals[index]! - cost.fixedTotals[index]!),
          perMillion(cost.totals[index]! - cost.fixedTotals[index]!, volume),
        ]),
      ],
      ...cost.fixed.map(row),
      [
        'fixed, total',
        '',
        ...cost.volumes.flatMap((volume, index) => [dollars(cost.fixedTotals[index]!), perMillion(cost.fixedTotals[index]!, volume)]),
      ],
      ['TOTAL', '', ...cost.volumes.flatMap((volume, index) => [dollars(cost.totals[index]!), dollars(cost.perMillion[index]!)])],
      [
        'storage while kept (post + gsi1 copy), per million posts kept',
        'per month',
        dollars(cost.storagePerMillionPerMonth),
        '',
        '',
        '',
        '',
        '',
      ],
    ],
  };
}
