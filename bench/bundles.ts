import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { median } from './stats';

export interface BundleFigures {
  operation: string;
  status: 'ok' | 'missing' | 'failed';
  sizeKb?: number;
  /** Median time to require() the bundle in a fresh node, settings as in Lambda. */
  loadMs?: number;
  /** The same with --enable-source-maps, which the stack sets in NODE_OPTIONS. */
  loadMsWithSourceMaps?: number;
  /**
   * CPU time (user + system) of that load with --enable-source-maps: unlike wall time it barely
   * moves with other work on the machine, and it is what a function's CPU share stretches in Lambda.
   */
  loadCpuMs?: number;
  /** The largest contributors to the bundle (npm package or source folder, KB). */
  largest?: { name: string; kb: number }[];
  problem?: string;
}

/** Every operation the stack deploys: the route table's, the default route's, the publisher, and any other handler folder. */
export async function deployedOperations(root: string): Promise<string[]> {
  const operations = new Set<string>();
  try {
    const { routes, DEFAULT_OPERATION, PUBLISHER_OPERATION } = await import('#shared/http/routes');
    for (const route of routes) operations.add(route.operation);
    operations.add(DEFAULT_OPERATION);
    operations.add(PUBLISHER_OPERATION);
  } catch {
    // A route table mid-edit: the folders below still list what exists.
  }
  const functionsDir = join(root, 'functions');
  for (const name of readdirSync(functionsDir)) if (statSync(join(functionsDir, name)).isDirectory()) operations.add(name);
  return [...operations].sort();
}

/** esbuild options as the CDK stack's NodejsFunction uses them (lib/api-function.ts). */
const cdkOptions = (root: string): BuildOptions => ({
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  minify: true,
  sourcemap: true,
  // sharp is installed beside the bundle (native code), as the stack does; NODE_PATH finds it here.
  external: ['@aws-sdk/*', 'sharp'],
  tsconfig: join(root, 'tsconfig.json'),
  // The stack injects the AWS composition root into every bundle (lib/api-function.ts).
  inject: [join(root, 'shared', 'wiring', 'aws.ts')],
  logLevel: 'silent',
  metafile: true,
});

const outputOf = (outDir: string, operation: string) => join(outDir, operation, 'index.js');

/**
 * Bundles every entry in one esbuild run (each entry still gets its own bundle); when that
 * fails, one run per entry, so a handler that is mid-edit is reported and the others measured.
 */
async function bundleAll(
  root: string,
  outDir: string,
  operations: string[],
): Promise<{ metafile?: Metafile; problems: Map<string, string> }> {
  const problems = new Map<string, string>();
  const entry = (operation: string) => ({ in: join(root, 'functions', operation, 'handler.ts'), out: `${operation}/index` });
  try {
    const { metafile } = await build({ ...cdkOptions(root), entryPoints: operations.map(entry), outdir: outDir });
    return { metafile, problems };
  } catch {
    const merged: Metafile = { inputs: {}, outputs: {} };
    for (const operation of operations) {
      try {
        const { metafile } = await build({ ...cdkOptions(root), entryPoints: [entry(operation)], outdir: outDir });
        Object.assign(merged.outputs, metafile?.outputs);
      } catch (error) {
        problems.set(operation, `does not bundle: ${String((error as Error).message).split('\n')[0]}`);
      }
    }
    return { metafile: merged, problems };
  }
}

function largestParts(metafile: Metafile | undefined, outputPath: string): { name: string; kb: number }[] {
  const output = Object.entries(metafile?.outputs ?? {}).find(([path]) => path.endsWith(outputPath))?.[1];
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/').slice(0, 2).join('/');
    bytes.set(name, (bytes.get(name) ?? 0) + bytesInOutput);
  }
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, size]) => ({ name, kb: Math.round(size / 1024) }));
}

/** One cold module load in a fresh process: wall and CPU ms; throws with node's message when the require fails. */
function loadOnce(root: string, file: string | string[], sourceMaps: boolean): { wallMs: number; cpuMs: number } {
  const requires = [file]
    .flat()
    .map((name) => `require(${JSON.stringify(name)});`)
    .join(' ');
  const script = `const t=process.hrtime.bigint(), c=process.cpuUsage(); ${requires} const u=process.cpuUsage(c); console.log(Number(process.hrtime.bigint()-t)/1e6, (u.user+u.system)/1e3)`;
  const result = spawnSync(process.execPath, [...(sourceMaps ? ['--enable-source-maps'] : []), '-e', script], {
    // Lambda's settings (a table name must have 3+ characters: config refuses "x" at load),
    // and NODE_PATH standing in for the runtime's own copy of the AWS SDK.
    env: { PATH: process.env.PATH, TABLE_NAME: 'bench-table', AWS_REGION: 'us-east-1', NODE_PATH: join(root, 'node_modules') },
    encoding: 'utf8',
    timeout: 20_000,
  });
  const [wallMs, cpuMs] = (result.stdout.trim().split('\n').pop() ?? '').split(' ').map(Number);
  if (result.status !== 0 || !Number.isFinite(wallMs) || !Number.isFinite(cpuMs)) {
    // Node prints the minified source line first; the error's own line is what explains it.
    const lines = (result.stderr ?? '').split('\n');
    throw new Error(lines.find((line) => /^\w*Error\b/.test(line))?.slice(0, 200) ?? `exit ${result.status}`);
  }
  return { wallMs: wallMs!, cpuMs: cpuMs! };
}

/**
 * Sizes and load times of every handler's bundle. Loads go round-robin (every bundle once,
 * with and without source maps, then again), so a busy moment of the machine does not land
 * on one function's samples or on one of the two columns.
 */
export async function measureBundles(
  root: string,
  outDir: string,
  runs: { plain: number; sourceMaps: number },
  only?: string[],
): Promise<BundleFigures[]> {
  const operations = (await deployedOperations(root)).filter((operation) => !only || only.includes(operation));
  const present = operations.filter((operation) => existsSync(join(root, 'functions', operation, 'handler.ts')));
  const { metafile, problems } = await bundleAll(root, outDir, present);
  const figures = new Map<string, BundleFigures>();
  for (const operation of operations) {
    const problem = present.includes(operation) ? problems.get(operation) : 'no handler.ts';
    if (problem) {
      figures.set(operation, { operation, status: 'missing', problem });
      continue;
    }
    const file = outputOf(outDir, operation);
    figures.set(operation, {
      operation,
      status: 'ok',
      sizeKb: statSync(file).size / 1024,
      largest: largestParts(metafile, `/${operation}/index.js`),
    });
  }
  const samples = new Map<string, { plain: number[]; sourceMaps: number[]; cpu: number[] }>();
  const kinds = (round: number) => (['plain', 'sourceMaps'] as const).filter((kind) => round < runs[kind]);
  for (let round = 0; round < Math.max(runs.plain, runs.sourceMaps); round += 1) {
    for (const figure of figures.values()) {
      for (const kind of kinds(round)) {
        if (figure.status !== 'ok') continue;
        try {
          const { wallMs, cpuMs } = loadOnce(root, outputOf(outDir, figure.operation), kind === 'sourceMaps');
          const entry = samples.get(figure.operation) ?? { plain: [], sourceMaps: [], cpu: [] };
          entry[kind].push(wallMs);
          if (kind === 'sourceMaps') entry.cpu.push(cpuMs);
          samples.set(figure.operation, entry);
        } catch (error) {
          Object.assign(figure, { status: 'failed', problem: `does not load: ${(error as Error).message}` });
        }
      }
    }
  }
  for (const figure of figures.values()) {
    const taken = samples.get(figure.operation);
    if (figure.status !== 'ok' || !taken) continue;
    figure.loadMs = median(taken.plain);
    figure.loadMsWithSourceMaps = median(taken.sourceMaps);
    figure.loadCpuMs = median(taken.cpu);
  }
  return [...figures.values()];
}

/** The AWS SDK packages every handler requires, loaded alone: the part of each load time that is not ours. */
export function measureSdkLoad(root: string, runs: number): number {
  return median(Array.from({ length: runs }, () => loadOnce(root, ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'], false).wallMs));
}
