/**
 * `npm run bench:cost` (issue 37, item 5): the monthly cost table with everything in it, at 10 k,
 * 1 M and 100 M posts a month, priced from the handler times `npm run bench:lateness` kept
 * (bench/calibration-latest.json: text posts) and the stack as synthesized. No load, no DynamoDB:
 * the model's simulation in virtual time and arithmetic. Prints markdown for docs/performance.md.
 */
import { join } from 'node:path';
import { estimateCost, throttleCeiling } from './cost';
import { costSection } from './report-sections';
import { markdownTable } from './tables';
import { readStackFacts } from './stack-facts';
import { ASSUMPTIONS, initMs } from './pipeline/lateness-model';
import { kindFigures, readCalibrationFile } from './pipeline/kind-figures';
import { pipelineUse, variants, VOLUMES } from './pipeline/model-phase';

const ROOT = join(__dirname, '..');

function main(): void {
  const file = readCalibrationFile(ROOT);
  const text = file.kinds.find((entry) => entry.kind === 'text');
  if (!text) throw new Error('bench/calibration-latest.json has no text posts: run npm run bench:lateness');
  const stack = readStackFacts();
  const built = variants(stack)[0]!;
  const figures = kindFigures(text.times, built, file.bundles);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const cost = estimateCost({
    stack,
    sizes: file.sizes,
    createPostMs: median(text.createPostMs),
    initMs: {
      createPost: initMs(file.bundles.createPost, stack.functions.createPost.memoryMb) + ASSUMPTIONS.firstRunSetupMs,
      dispatcher: initMs(file.bundles.dispatcher, stack.functions.dispatcher.memoryMb) + ASSUMPTIONS.firstRunSetupMs,
    },
    logBytesPerPost: text.logBytesPerPost,
    warmInstances: built.warm,
    use: VOLUMES.map(({ volume, shape }) => ({ volume, shape, use: pipelineUse(figures.find((entry) => entry.shape === shape)!) })),
    alarms: stack.alarms,
    dashboards: stack.dashboards,
    kmsKeys: stack.kmsKeys,
    secrets: stack.secrets,
    sqsEventSources: stack.sqsEventSources,
  });
  const section = costSection(cost, built.name);
  const ceiling = throttleCeiling();
  process.stdout.write(
    [
      `## ${section.title}`,
      '',
      `_\`npm run bench:cost\` from the handler times of ${file.date} (bench/calibration-latest.json, text posts)._`,
      '',
      markdownTable(section.headers, section.rows),
      '',
      `The stage throttle (${ceiling.burst} burst, ${(ceiling.postsPerMonth / 730 / 3600).toFixed(0)} requests/s) allows at most ${(ceiling.postsPerMonth / 1e6).toFixed(0)} M requests a month across the whole API, so 100 M posts a month (38 a second on average) fits only with creation spread evenly and batches (POST /posts/batch, up to 100 posts a request) for peaks; a burst above 100 requests at once is answered 429.`,
      '',
    ].join('\n'),
  );
}

main();
