/**
 * `npm run bench`: the service's performance figures in one run that cleans up after itself.
 * Bundles first (quiet machine), then one DynamoDB Local and the local stack in-process for
 * the publish delay, the load and floor runs, the overhead, the races; then item sizes, the
 * cost estimate, the summary on stdout and docs/performance.md. Exit 1 on a broken assertion
 * (race counts, non-2xx responses, a post not published); missed targets are only reported.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stop as stopEsbuild } from 'esbuild';
import { measureBundles, measureSdkLoad } from './bundles';
import { cleanUp, installCleanupHandlers, onCleanup } from './cleanup';
import { SHARED, separateLoadGenerator } from './cpu-placement';
import { compareWithFloor } from './load-comparison';
import { currentLoadAverage, describeMachine } from './machine';
import { elapsedSeconds, log, phase } from './phase';
import { markdownReport, spliceReport, textSummary } from './report';
import type { BenchResults } from './results';
import type { BenchEnvironment } from './environment';
import * as settings from './settings';
import { closedLoop } from './stats';
import { wirePorts } from '#shared/ports/registry';

const ROOT = join(__dirname, '..');
const { LOAD } = settings;

/**
 * BENCH_SECTIONS=model (or bundles, load; comma-separated) runs only those parts and replaces only
 * their sections in docs/performance.md; unset, everything runs and the page is written anew.
 * "model" is the AWS publishing model with its calibration on the real handlers and the cost.
 */
const SECTIONS = (process.env.BENCH_SECTIONS ?? 'all').split(',').map((name) => name.trim());
const runs = (section: 'bundles' | 'load' | 'model') => SECTIONS.includes('all') || SECTIONS.includes(section);
/** The bundles the model needs when the bundles section itself is not run: their INIT. */
const MODEL_BUNDLES = ['publish-post', 'release-post', 'create-post', 'dispatch-webhook-events'];

async function main(): Promise<number> {
  installCleanupHandlers();
  const failures: string[] = [];
  const results: BenchResults = {
    startedAt: new Date(),
    totalSeconds: 0,
    machine: describeMachine(ROOT),
    load: LOAD,
    endpoints: [],
    overhead: [],
    races: { monthly: [], spacing: [] },
    bundles: [],
    failures,
  };

  await phase(runs('bundles') ? 'Lambda bundles' : `Lambda bundles the model needs (${MODEL_BUNDLES.join(', ')})`, failures, async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'sps-bench-bundles-'));
    const remove = () => rmSync(outDir, { recursive: true, force: true });
    onCleanup('bundle dir', async () => remove(), remove);
    try {
      results.bundles = await measureBundles(
        ROOT,
        outDir,
        { plain: settings.BUNDLE_LOAD_RUNS, sourceMaps: settings.BUNDLE_LOAD_RUNS_SOURCE_MAPS },
        runs('bundles') ? undefined : MODEL_BUNDLES,
      );
      if (runs('bundles')) results.sdkLoadMs = measureSdkLoad(ROOT, settings.BUNDLE_LOAD_RUNS);
    } finally {
      await stopEsbuild();
      remove();
    }
  });

  log('starting DynamoDB Local and the local stack');
  const { startBenchEnvironment } = await import('./environment');
  const env = await startBenchEnvironment();
  if (runs('load')) await loadSections(env, results, failures);

  if (runs('model')) {
    results.pipelineModel = await phase(
      'AWS publishing model: the real handlers, then three traffic shapes × the design variants; cost',
      failures,
      async () => {
        const { readStackFacts } = await import('./stack-facts');
        const { measurePipelineModel } = await import('./pipeline/model-phase');
        const { measureItemSizes } = await import('./item-sizes');
        const bundle = (operation: string) => {
          const figure = results.bundles.find((candidate) => candidate.operation === operation);
          if (figure?.loadCpuMs === undefined) throw new Error(`no load time measured for the ${operation} bundle`);
          return { loadCpuMs: figure.loadCpuMs };
        };
        try {
          return await measurePipelineModel({
            bundles: {
              publisher: bundle('publish-post'),
              release: bundle('release-post'),
              createPost: bundle('create-post'),
              dispatcher: bundle('dispatch-webhook-events'),
            },
            stack: readStackFacts(),
            measureSizes: (ids) => measureItemSizes(env.dynamoEndpoint, env.tableName, ids),
          });
        } finally {
          // The model used the AWS adapters (captured); the rest of the bench records as before.
          wirePorts({ scheduler: () => env.scheduler });
        }
      },
    );
    if (results.pipelineModel) {
      results.itemSizes = results.pipelineModel.itemSizes;
      const { published, posts, duplicates } = results.pipelineModel.calibration;
      if (published !== posts || duplicates.publishedTwice)
        failures.push(`pipeline model: ${published}/${posts} published, ${duplicates.publishedTwice} twice`);
    }
  }

  results.machine.loadAverage.end = currentLoadAverage();
  results.totalSeconds = elapsedSeconds();
  process.stdout.write(`${textSummary(results)}\n`);
  const page = join(ROOT, 'docs', 'performance.md');
  const markdown = SECTIONS.includes('all') ? markdownReport(results) : spliceReport(readFileSync(page, 'utf8'), results, SECTIONS);
  // Written as the formatter would write it, so `npm run lint` stays clean after a bench run.
  const prettier = await import('prettier');
  writeFileSync(page, await prettier.format(markdown, { ...(await prettier.resolveConfig(page)), filepath: page }));
  log(`${SECTIONS.includes('all') ? 'wrote' : `updated (${SECTIONS.join(', ')})`} docs/performance.md; cleaning up`);
  return failures.length ? 1 : 0;
}

/** The local service under load: publish delay, HTTP load against the floor, overhead, races, images. */
async function loadSections(env: BenchEnvironment, results: BenchResults, failures: string[]): Promise<void> {
  // Service modules only from here on: the environment holds their settings now.
  const { prepareScenario } = await import('./scenario');
  const scenario = await prepareScenario();
  const { endpoints } = scenario;

  await phase('seeding 50 posts for GET /posts', failures, () => scenario.seed(env.baseUrl));
  // The JVM compiles its hot paths during the first thousands of requests: none of that in a figure.
  await phase(`engine warm-up (${settings.ENGINE_WARMUP_SECONDS} s of floor traffic)`, failures, async () => {
    let turn = 0;
    await closedLoop(LOAD.connections, settings.ENGINE_WARMUP_SECONDS * 1000, () => endpoints[(turn += 1) % endpoints.length].floor());
  });

  results.publishDelay = await phase(`publish delay (${settings.PUBLISH_DELAY_POSTS} scheduled posts)`, failures, async () => {
    const { measurePublishDelay } = await import('./publish-delay');
    const post = { count: settings.PUBLISH_DELAY_POSTS, spreadMs: settings.PUBLISH_DELAY_SPREAD_MS, content: settings.POST_CONTENT };
    return measurePublishDelay(env, scenario.publishAccount, scenario.bluesky, post);
  });
  if (results.publishDelay) {
    const { published, posts, duplicateCalls } = results.publishDelay;
    if (published !== posts || duplicateCalls)
      failures.push(`publish delay: ${published}/${posts} posts published, ${duplicateCalls} repeated platform calls`);
  }

  // Each endpoint twice: the load generator on a CPU of its own (the figures held against the
  // targets), then everything sharing every CPU (what the load generator costs the service).
  for (const endpoint of endpoints) {
    for (const kind of ['separate', 'shared'] as const) {
      await phase(`load: ${endpoint.name} (service and floor alternating, ${kind} CPUs)`, failures, async () => {
        const placed =
          kind === 'separate'
            ? separateLoadGenerator([process.pid, env.enginePid ?? process.pid])
            : { placement: SHARED, restore: () => undefined };
        try {
          if (kind === 'separate' && placed.placement.kind !== 'separate') return log(`  skipped: ${placed.placement.description}`);
          const query = endpoint.query ? `?${new URLSearchParams(endpoint.query)}` : '';
          const headers = { 'x-api-key': endpoint.account.apiKey, ...(endpoint.body ? { 'content-type': 'application/json' } : {}) };
          const { service, floor, cpu } = await compareWithFloor(
            {
              url: `${env.baseUrl}${endpoint.path}${query}`,
              method: endpoint.method,
              headers,
              body: endpoint.body,
              connections: LOAD.connections,
            },
            endpoint.floor,
            { ...LOAD, enginePid: env.enginePid, loadGeneratorCpus: placed.placement.loadGeneratorCpus },
          );
          results.endpoints.push({ name: endpoint.name, placement: placed.placement, service, floor, cpu });
          if (service.non2xx || service.errors)
            failures.push(
              `${endpoint.name}: ${service.non2xx} non-2xx responses and ${service.errors} errors (${JSON.stringify(service.statuses)})`,
            );
          if (floor.errors) failures.push(`${endpoint.name} floor: ${floor.errors} failed iterations (${floor.firstError})`);
        } finally {
          placed.restore();
        }
      });
    }
  }

  const { measureOverhead } = await import('./overhead');
  for (const endpoint of endpoints) {
    const figures = await phase(`overhead: ${endpoint.name}`, failures, () =>
      measureOverhead(env.baseUrl, { ...endpoint, apiKey: endpoint.account.apiKey }, settings.OVERHEAD_ITERATIONS),
    );
    if (figures) results.overhead.push(figures);
  }

  await phase(`races (${settings.RACE_ROUNDS} rounds each)`, failures, async () => {
    const { monthlyLimitRace, linkedinSpacingRace } = await import('./races');
    for (let round = 1; round <= settings.RACE_ROUNDS; round += 1) {
      results.races.monthly.push(await monthlyLimitRace(env.baseUrl, round));
      results.races.spacing.push(await linkedinSpacingRace(env.baseUrl, round));
    }
    for (const [name, rounds] of Object.entries(results.races)) {
      rounds.forEach((round, index) => round.ok || failures.push(`${name} race, round ${index + 1}: ${round.problem}`));
    }
  });

  results.media = await phase('images (6 MB photo: create, upload, complete)', failures, async () => {
    const { measureMedia } = await import('./media');
    return measureMedia(env.baseUrl, scenario.loadAccount.apiKey, settings.MEDIA_ROUNDS);
  });
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`bench failed: ${String((error as Error).stack ?? error)}\n`);
    return 1;
  })
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch((error: unknown) => {
    process.stderr.write(`bench cleanup failed: ${String((error as Error).stack ?? error)}\n`);
    process.exit(1);
  });
