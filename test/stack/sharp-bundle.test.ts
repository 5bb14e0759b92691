import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { BUNDLED_WORKER_FILE } from '#shared/media/sandbox/run';
import { ApiFunction, assertLambdaNativeModules } from '../../lib/api-function';
import { functionSpecs } from '../../lib/function-specs';

/**
 * The image functions' bundles carry sharp for the Lambda's platform (linux arm64, glibc), not
 * this machine's: bundled for real (esbuild, then sharp copied beside the bundle from
 * lambda-native/node_modules, which `npm ci --prefix lambda-native` installed for the Lambda's
 * cpu/os/libc; no npm runs at synth: docs/decisions/0187-sharp-for-lambda-installed-once-copied-at-synth.md),
 * the asset is inspected, with the media worker's bundle beside index.js. It also reports the bundle's size.
 */
describe('sharp in the Lambda bundle', () => {
  it('refuses to synthesize without lambda-native, saying what to run', () => {
    const empty = mkdtempSync(join(tmpdir(), 'sps-no-native-'));
    try {
      expect(() => assertLambdaNativeModules(empty, join(empty, 'node_modules'))).toThrow('npm ci --prefix lambda-native');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  const outdir = mkdtempSync(join(tmpdir(), 'sps-sharp-bundle-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  const folderSize = (path: string): number =>
    statSync(path).isDirectory() ? readdirSync(path).reduce((total, name) => total + folderSize(join(path, name)), 0) : statSync(path).size;

  // The functions whose manifest entry names sharp (complete-media, the publisher), and the MCP function that runs complete-media.
  const imageFunctions = functionSpecs().filter((spec) => spec.nativeModules?.includes('sharp'));
  it('are complete-media, the publisher and the MCP function', () => {
    expect(imageFunctions.map((spec) => spec.operation).sort()).toEqual(['complete-media', 'mcp', 'publish-post']);
  });

  it.each(imageFunctions.map((spec) => [spec.operation, spec.nativeModules] as const))(
    '%s ships sharp with the linux-arm64 binaries and libvips, and no other platform',
    (operation, nativeModules) => {
      const app = new App({ outdir: join(outdir, operation) });
      const stack = new Stack(app, 'sharp-bundle', { env: { account: '123456789012', region: 'eu-west-1' } });
      new ApiFunction(stack, 'Fn', { operation, handlerCode: 'bundle', environment: {}, nativeModules });
      app.synth();
      const root = join(outdir, operation);
      const assets = readdirSync(root).filter((name) => name.startsWith('asset.') && existsSync(join(root, name, 'index.js')));
      expect(assets).toHaveLength(1);
      const asset = join(root, assets[0]);
      const modules = join(asset, 'node_modules');
      expect(existsSync(join(modules, 'sharp', 'package.json'))).toBe(true);
      const platforms = readdirSync(join(modules, '@img'))
        .filter((name) => name.startsWith('sharp-'))
        .sort();
      expect(platforms).toEqual(['sharp-libvips-linux-arm64', 'sharp-linux-arm64']);
      expect(readdirSync(join(modules, '@img', 'sharp-linux-arm64', 'lib')).some((name) => name.endsWith('.node'))).toBe(true);
      // The media worker (shared/media/sandbox/) is bundled beside index.js, sharp left to node_modules.
      const worker = readFileSync(join(asset, BUNDLED_WORKER_FILE), 'utf8');
      expect(worker).toContain('require("sharp")');
      // The bundle itself does not inline sharp (native code cannot be bundled).
      process.stdout.write(
        `${operation} asset: ${(folderSize(asset) / 1e6).toFixed(1)} MB (index.js ${(statSync(join(asset, 'index.js')).size / 1e3).toFixed(0)} KB)\n`,
      );
    },
    180_000,
  );
});
