import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { browserBinary } from './packaged-chromium';

/**
 * The packaged browser is unpacked once into a fixed cache folder: jest runs test files in
 * parallel workers, so several may ask for it at the same moment on a fresh machine.
 */
jest.setTimeout(120_000);

describe('the packaged Chromium', () => {
  const saved = { machine: process.env.SPS_MACHINE_TMPDIR, chosen: process.env.CHROMIUM_PATH };
  let machineTmp: string;

  beforeEach(() => {
    machineTmp = mkdtempSync(join(tmpdir(), 'sps-machine-tmp-'));
    process.env.SPS_MACHINE_TMPDIR = machineTmp;
    delete process.env.CHROMIUM_PATH;
  });
  afterEach(() => {
    rmSync(machineTmp, { recursive: true, force: true });
    process.env.SPS_MACHINE_TMPDIR = saved.machine;
    if (saved.chosen === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved.chosen;
  });

  it('unpacks once for three concurrent callers, into one complete cache folder, leaving no staging folder', async () => {
    const binaries = await Promise.all([browserBinary(), browserBinary(), browserBinary()]);

    const paths = new Set(binaries.map((binary) => binary.executablePath));
    expect(paths.size).toBe(1);
    const [executable] = [...paths];
    expect(executable).toMatch(new RegExp(`^${machineTmp}/sps-chromium-[0-9.]+/chromium$`));
    expect(existsSync(executable as string)).toBe(true);
    expect(readdirSync(machineTmp)).toEqual([expect.stringMatching(/^sps-chromium-[0-9.]+$/)]);
    expect(existsSync(join(binaries[0]!.env.FONTCONFIG_PATH as string, 'fonts.conf'))).toBe(true);
    // Complete and runnable, not a half-written file another worker was still writing.
    const { stdout } = await promisify(execFile)(executable as string, ['--version']);
    expect(stdout).toMatch(/^Chromium \d+\./);
  });

  it('reuses the cache on the next call', async () => {
    const first = await browserBinary();
    // Reused, not unpacked again: no staging folder made (every unpack starts with one), whatever the machine's speed.
    const staging = jest.spyOn(require('node:fs') as typeof import('node:fs'), 'mkdtempSync'); // eslint-disable-line @typescript-eslint/no-require-imports
    try {
      const second = await browserBinary();
      expect(second).toEqual(first);
      expect(staging).not.toHaveBeenCalled();
    } finally {
      staging.mockRestore();
    }
    expect(readdirSync(machineTmp)).toEqual([expect.stringMatching(/^sps-chromium-[0-9.]+$/)]);
  });

  it('takes CHROMIUM_PATH when set, and says so when it does not exist', async () => {
    process.env.CHROMIUM_PATH = process.execPath;
    await expect(browserBinary()).resolves.toEqual({ executablePath: process.execPath, env: {} });
    process.env.CHROMIUM_PATH = join(machineTmp, 'no-such-browser');
    await expect(browserBinary()).rejects.toThrow(`CHROMIUM_PATH=${join(machineTmp, 'no-such-browser')} does not exist`);
    expect(readdirSync(machineTmp)).toEqual([]);
  });
});
