import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { probeVideoInBox, prepareImageInBox } from '#shared/media/boxed';
import { prepareImage } from '#shared/media/image-variants';
import { closeMediaSandbox } from '#shared/media/sandbox/run';
import { probeVideo } from '#shared/media/video-probe';
import { photo } from '../../test/support/images';
import { clipArgs, videoClips } from '../../test/support/clip-maker';

/**
 * What the media worker (shared/media/sandbox/) adds to one parse: `npx tsx bench/media/sandbox-overhead.ts`.
 * Median of 15 runs each of a video probe (1-second clip, bytes in memory) and an image complete's
 * work (1600x1200 photo) in this process and in the warm worker; then a worker's start, from the
 * TypeScript sources through tsx (npm start, tests) and from the esbuild bundle Lambda ships.
 */
const RUNS = 15;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function time(run: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  await run();
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function workerStart(filename: string, options: ConstructorParameters<typeof Worker>[1]): Promise<number> {
  const started = performance.now();
  const worker = new Worker(filename, options);
  await new Promise((resolve) => worker.once('message', resolve));
  const elapsed = performance.now() - started;
  await worker.terminate();
  return elapsed;
}

async function main(): Promise<void> {
  const clips = videoClips();
  const dir = mkdtempSync(join(tmpdir(), 'sps-sandbox-bench-'));
  try {
    const clip = await clips.make('clip.mp4', clipArgs({ seconds: 1 }));
    const read = async (start: number, end: number) => clip.subarray(start, end);
    const image = await photo(1600, 1200);
    const rows = [
      ['video probe', await time(() => probeVideo(clip.length, read)), await time(() => probeVideoInBox(clip.length, read))],
      [
        'image complete work',
        await time(() => prepareImage(image, 'image/jpeg')),
        await time(() => prepareImageInBox(image, 'image/jpeg')),
      ],
    ];
    for (const [name, inProcess, boxed] of rows) {
      console.log(`${name}: in process ${Number(inProcess).toFixed(1)} ms, in the worker ${Number(boxed).toFixed(1)} ms`);
    }
    await closeMediaSandbox();
    const bundle = join(dir, 'media-sandbox-worker.js');
    const root = join(__dirname, '..', '..');
    execFileSync(join(root, 'node_modules', '.bin', 'esbuild'), [
      join(root, 'shared', 'media', 'sandbox', 'worker.ts'),
      '--bundle', '--platform=node', '--format=cjs', '--target=node20', '--minify', '--external:sharp',
      `--tsconfig=${join(root, 'tsconfig.json')}`, `--outfile=${bundle}`, '--log-level=warning',
    ]); // prettier-ignore
    const { workerSource } = await import('#shared/media/sandbox/worker-source');
    const source = workerSource(join(root, 'shared', 'media', 'sandbox', 'worker.ts'));
    const fromSources = median(await Promise.all([0, 1, 2].map(() => workerStart(source.filename, { eval: true, env: source.env }))));
    const bundled: number[] = [];
    // sharp from the project's node_modules, as a bundle finds it beside itself in Lambda.
    const env = { NODE_PATH: join(root, 'node_modules') };
    for (let i = 0; i < 5; i += 1) bundled.push(await workerStart(bundle, { env }));
    console.log(`worker start: from the sources (tsx) ${fromSources.toFixed(0)} ms, from the bundle ${median(bundled).toFixed(0)} ms`);
  } finally {
    clips.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
