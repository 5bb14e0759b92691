import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The browser the tests drive: the Chromium (headless shell) shipped inside the npm package
 * `@sparticuz/chromium`, so `npm install` brings it like any other test dependency and every
 * machine runs the same build. `CHROMIUM_PATH` may point at another one.
 *
 * The package keeps the browser brotli-compressed and unpacks it into the temp folder on first
 * use, always to the same fixed path and with no guard against two processes unpacking at once
 * (or against a half-written unpack left by a killed one). So the unpack goes to a staging
 * folder of this process's own and is then renamed, whole, into a cache folder named after the
 * package version: a rename is atomic, the first worker to finish wins, any other drops its
 * copy. The cache sits in the machine's temp folder, not the test run's (removed after every
 * run), so later runs reuse it.
 */
export interface BrowserBinary {
  executablePath: string;
  /** Environment the browser needs (its bundled fonts); empty for a CHROMIUM_PATH browser. */
  env: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the package's own package.json, found beside its entry point
const VERSION = (require(require.resolve('@sparticuz/chromium').replace(/build.cjs.index.cjs$/, 'package.json')) as { version: string })
  .version;
const COMPLETE_MARK = '.complete';

/** The machine's temp folder: jest's global setup records it before pointing TMPDIR at the run's own folder. */
export const machineTmpdir = (): string => process.env.SPS_MACHINE_TMPDIR ?? tmpdir();

export async function browserBinary(): Promise<BrowserBinary> {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`CHROMIUM_PATH=${chosen} does not exist`);
    return { executablePath: chosen, env: {} };
  }
  const cache = join(machineTmpdir(), `sps-chromium-${VERSION}`);
  if (!existsSync(join(cache, COMPLETE_MARK))) await unpackInto(cache);
  return { executablePath: join(cache, 'chromium'), env: { FONTCONFIG_PATH: join(cache, 'fonts') } };
}

const fontsConf = (cache: string): string =>
  [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    `  <dir>${join(cache, 'fonts', 'fonts')}</dir>`,
    `  <cachedir>${join(cache, 'fonts-cache')}</cachedir>`,
    '</fontconfig>',
    '',
  ].join('\n');

async function unpackInto(cache: string): Promise<void> {
  const staging = mkdtempSync(join(machineTmpdir(), 'sps-chromium-unpacking-'));
  try {
    // The package unpacks into os.tmpdir(): a child process with TMPDIR set to the staging folder
    // (the test's own process.env is jest's copy, which os.tmpdir() does not read).
    const script = "require('@sparticuz/chromium').executablePath().then((path) => process.stdout.write(path))";
    const { stdout: executable } = await run(process.execPath, ['-e', script], { env: { ...process.env, TMPDIR: staging } });
    if (executable !== join(staging, 'chromium')) throw new Error(`@sparticuz/chromium unpacked to ${executable}, not ${staging}`);
    // The package's fonts.conf names Lambda's folders; ours names the cache, and nothing of the
    // machine's, so text renders in the bundled Open Sans everywhere.
    writeFileSync(join(staging, 'fonts', 'fonts.conf'), fontsConf(cache));
    writeFileSync(join(staging, COMPLETE_MARK), `${VERSION}\n`);
    try {
      renameSync(staging, cache);
    } catch (error) {
      // Another worker got there first (its folder is complete, since it renames only then).
      if (!existsSync(join(cache, COMPLETE_MARK))) {
        // A folder without the mark was left by something else: replace it.
        rmSync(cache, { recursive: true, force: true });
        renameSync(staging, cache);
        return;
      }
      void error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
