/**
 * `npm run bench:lateness` (issue 37, item 2): the real publisher and release handlers against
 * DynamoDB Local for each kind of post (text, link, image, video; bench/pipeline/post-kinds.ts),
 * then the lateness model's three shapes for each kind under the stack as built, and the
 * sensitivity table (platform time × the pollers' scale-up) for text posts. Prints markdown for
 * docs/performance.md, and keeps the handler times in bench/calibration-latest.json for
 * `npm run bench:cost`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stop as stopEsbuild } from 'esbuild';
import { measureBundles } from './bundles';
import { cleanUp, installCleanupHandlers, onCleanup } from './cleanup';
import { currentLoadAverage, describeMachine } from './machine';
import { log } from './phase';
import * as settings from './settings';
import { markdownTable, type Row } from './tables';
import type { ShapeFigures } from './pipeline/lateness-model';

const ROOT = join(__dirname, '..');
const POSTS_PER_KIND = 80;

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main(): Promise<number> {
  installCleanupHandlers();
  const loadStart = currentLoadAverage();
  const machine = describeMachine(ROOT);
  const outDir = mkdtempSync(join(tmpdir(), 'sps-bench-lateness-'));
  const remove = () => rmSync(outDir, { recursive: true, force: true });
  onCleanup('bundle dir', async () => remove(), remove);
  // The CPU time to load each bundle (measured with source maps on, as deployed): the model's INIT.
  log('bundles the model needs (publish-post, release-post, create-post, dispatch-webhook-events)');
  const bundleFigures = await measureBundles(ROOT, outDir, { plain: 1, sourceMaps: settings.BUNDLE_LOAD_RUNS_SOURCE_MAPS }, [
    'publish-post',
    'release-post',
    'create-post',
    'dispatch-webhook-events',
  ]);
  await stopEsbuild();
  remove();
  const bundle = (operation: string) => {
    const figure = bundleFigures.find((candidate) => candidate.operation === operation);
    if (!Number.isFinite(figure?.loadCpuMs)) throw new Error(`no load time measured for the ${operation} bundle`);
    return { loadCpuMs: figure!.loadCpuMs! };
  };
  const bundles = {
    publisher: bundle('publish-post'),
    release: bundle('release-post'),
    createPost: bundle('create-post'),
    dispatcher: bundle('dispatch-webhook-events'),
  };

  log('starting DynamoDB Local and the local stack');
  const { startBenchEnvironment } = await import('./environment');
  const env = await startBenchEnvironment();
  const { calibrateHandlers } = await import('./pipeline/handler-calibration');
  const { createBenchAccount } = await import('./fixtures');
  const { measureItemSizes } = await import('./item-sizes');
  const { POST_KINDS } = await import('./pipeline/post-kinds');
  const { readStackFacts } = await import('./stack-facts');
  const { variants } = await import('./pipeline/model-phase');
  const { CALIBRATION_FILE, MODEL_SEED, kindFigures, sensitivity } = await import('./pipeline/kind-figures');
  const { wirePorts } = await import('#shared/ports/registry');

  const kinds = [];
  let sizes;
  for (const kind of POST_KINDS) {
    log(`calibration: ${POSTS_PER_KIND} ${kind} posts through the real handlers`);
    const account = await createBenchAccount({
      name: `lateness ${kind}`,
      plan: 'pro',
      monthlyLimit: 100_000,
      platforms: ['bluesky', 'linkedin'],
    });
    try {
      const calibration = await calibrateHandlers(account, { posts: POSTS_PER_KIND, duplicatesPerKind: 2, seed: MODEL_SEED, kind });
      if (calibration.published !== calibration.posts || calibration.duplicates.publishedTwice)
        throw new Error(`${kind}: ${calibration.published}/${calibration.posts} published, ${calibration.duplicates.publishedTwice} twice`);
      kinds.push({
        kind,
        posts: calibration.posts,
        published: calibration.published,
        times: calibration.single,
        preparationMs: calibration.preparationMs,
        createPostMs: calibration.createPostMs,
        logBytesPerPost: calibration.logBytesPerPost,
      });
      if (kind === 'text') {
        const measured = await measureItemSizes(env.dynamoEndpoint, env.tableName, {
          account,
          createdPostId: calibration.createdPostId,
          publishedPostId: calibration.publishedPostId,
        });
        sizes = { ...measured, webhookEvent: calibration.webhookEventBytes };
      }
    } finally {
      wirePorts({ scheduler: () => env.scheduler });
    }
  }
  const loadEnd = currentLoadAverage();
  const file = {
    date: new Date().toISOString(),
    machine: { cpus: machine.cpus, loadAverage: { start: loadStart, end: loadEnd } },
    bundles,
    kinds,
    sizes: sizes!,
  };
  const prettier = await import('prettier');
  const path = join(ROOT, CALIBRATION_FILE);
  writeFileSync(path, await prettier.format(JSON.stringify(file), { ...(await prettier.resolveConfig(path)), filepath: path }));

  const stack = readStackFacts();
  const built = variants(stack)[0]!;
  const header = `_\`npm run bench:lateness\`, ${file.date}; ${machine.cpus} CPUs, load average ${loadStart.toFixed(2)} at start, ${loadEnd.toFixed(2)} at end${loadStart > machine.cpus * 0.5 ? ' (a busy machine: the handler times are inflated)' : ''}; ${built.name}._`;
  const perKind: Row[] = [];
  for (const entry of kinds) {
    const figures = kindFigures(entry.times, built, bundles);
    perKind.push([
      entry.kind,
      `${seconds(median(entry.times.preCallMs))} / ${seconds(median(entry.times.afterWaitMs))}`,
      entry.preparationMs.length ? `${entry.preparationMs.length} × ${seconds(median(entry.preparationMs))}` : '–',
      ...figures.map(
        (shape: ShapeFigures) => `${seconds(shape.lateness.p50)} / ${seconds(shape.lateness.p99)} / ${seconds(shape.lateness.max)}`,
      ),
    ]);
  }
  const shapeNames = kindFigures(kinds[0]!.times, built, bundles).map((shape) => shape.shape);
  const text = kinds.find((entry) => entry.kind === 'text')!;
  const grid = sensitivity(text.times, built, bundles);
  const sensitivityRows: Row[] = grid.map((cell) => [
    `${seconds(cell.platformMs)} s`,
    `+${cell.scaleUpPerMinute}/min`,
    ...cell.figures.map((shape) => `${seconds(shape.lateness.p50)} / ${seconds(shape.lateness.p99)} / ${seconds(shape.lateness.max)}`),
  ]);
  const out = [
    header,
    '',
    markdownTable(
      [
        'kind',
        'handler to first call, median s (due at start / after the wait)',
        'link card preparations before the due time (count × median s)',
        ...shapeNames.map((name) => `${name}: p50 / p99 / max s`),
      ],
      perKind,
    ),
    '',
    `Sensitivity (text posts; ${built.name}): lateness p50 / p99 / max (s) by the platform's answer time and the pollers' scale-up.`,
    '',
    markdownTable(['platform time', 'scale-up', ...shapeNames.map((name) => `${name}: p50 / p99 / max s`)], sensitivityRows),
  ].join('\n');
  process.stdout.write(`${out}\n`);
  log(`kept the handler times in ${CALIBRATION_FILE}`);
  return 0;
}

void main()
  .catch((error: unknown) => {
    process.stderr.write(`bench:lateness failed: ${String((error as Error).stack ?? error)}\n`);
    return 1;
  })
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  });
