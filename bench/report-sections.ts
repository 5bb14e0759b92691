import { checks, type BenchResults } from './results';
import { PUBLISH_DELAY_SPREAD_MS } from './settings';
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
  if (results.pipelineModel) {
    const model = results.pipelineModel;
    const { burst } = model;
    list.push({
      title: `AWS publishing path, modelled offline (${model.posts} posts at random seconds, ${model.queuedDirectly} queued directly, ${model.schedulesFired} through a release schedule fired anywhere in its minute; platform answer ${model.platformLatencyMs} ms assumed; ms)`,
      headers: ['figure', 'p50', 'p90', 'p99', 'max', 'count'],
      rows: [
        [
          'platform call − scheduled_for',
          model.lateness.p50,
          model.lateness.p90,
          model.lateness.p99,
          model.lateness.max,
          `${model.published}/${model.posts} published, ${model.publishedTwice} twice`,
        ],
        [
          'release function, billed',
          model.releaseBilledMs.p50,
          model.releaseBilledMs.p90,
          model.releaseBilledMs.p99,
          model.releaseBilledMs.max,
          model.releaseBilledMs.count,
        ],
        [
          'publisher invocation, billed',
          model.publisherBilledMs.p50,
          model.publisherBilledMs.p90,
          model.publisherBilledMs.p99,
          model.publisherBilledMs.max,
          model.publisherBilledMs.count,
        ],
        [
          'billed per post: release + publisher',
          model.billedMsPerPost.release + model.billedMsPerPost.publisher,
          '',
          '',
          '',
          `longest wait for a post time in a function: ${formatNumber(model.maxWaitMs)} ms`,
        ],
        [
          `burst: ${burst.posts} posts due in one minute`,
          '',
          '',
          '',
          '',
          `peak ${burst.peakConcurrency} of ${burst.maxConcurrency} concurrent, ${burst.invocations} invocations, ${burst.redeliveries} retried, ${burst.deadLettered} dead-lettered, ${burst.lost} lost; run started after the post time p50 ${formatNumber(burst.deliverySeconds.p50)} s, p99 ${formatNumber(burst.deliverySeconds.p99)} s; the retried runs came back after the visibility timeout (last ${formatNumber(burst.drainSeconds)} s after the minute)`,
        ],
      ],
    });
  }
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
    headers: ['function', 'status', 'KB', 'load ms', 'load ms, --enable-source-maps', 'largest parts (KB)', 'note'],
    rows: results.bundles.map((b) => [
      b.operation,
      b.status,
      b.sizeKb ?? Number.NaN,
      b.loadMs ?? Number.NaN,
      b.loadMsWithSourceMaps ?? Number.NaN,
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
  if (results.cost) {
    const { estimate } = results.cost;
    list.push({
      title: 'Cost per million posts (one scheduled Bluesky post each, us-east-1 list prices, no free tier)',
      headers: ['item', 'per post', 'USD per 1M posts'],
      rows: [
        ...estimate.lines.map((line) => [line.item, line.perPost, line.usdPerMillionPosts.toFixed(2)]),
        ['total', '', estimate.totalPerMillion.toFixed(2)],
        ['storage while kept (post + gsi1 copy)', 'per month', estimate.storagePerMillionPerMonth.toFixed(2)],
      ],
    });
  }
  list.push({
    title: 'Targets',
    headers: ['figure', 'value', 'target', 'result'],
    rows: checks(results).map((check) => [check.figure, check.value, check.target, check.pass ? 'pass' : 'MISS']),
  });
  return list;
}
