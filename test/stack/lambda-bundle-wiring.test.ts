import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { ApiFunction, PROJECT_ROOT } from '../../lib/api-function';

/**
 * A Lambda bundle carries the AWS composition root and the AWS adapters, and nothing of the
 * local runtime: create-post bundled for real (the stack's esbuild settings), then the sources
 * named by its source map are inspected.
 */
describe('the create-post Lambda bundle', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'sps-wiring-bundle-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('holds the AWS wiring and adapters and none of the local implementations', () => {
    const app = new App({ outdir });
    const stack = new Stack(app, 'wiring-bundle', { env: { account: '123456789012', region: 'eu-west-1' } });
    new ApiFunction(stack, 'Fn', { operation: 'create-post', handlerCode: 'bundle', environment: {} });
    app.synth();
    const assets = readdirSync(outdir).filter((name) => name.startsWith('asset.') && existsSync(join(outdir, name, 'index.js.map')));
    expect(assets).toHaveLength(1);
    const asset = join(outdir, assets[0]);
    const map = JSON.parse(readFileSync(join(asset, 'index.js.map'), 'utf8')) as { sources: string[] };
    // The map names sources relative to the asset folder: made relative to the project instead.
    const sources = map.sources.map((source) => relative(PROJECT_ROOT, resolve(asset, source)).replace(/\\/g, '/'));
    const ours = sources.filter((source) => !source.includes('node_modules/'));

    expect(ours).toContain('functions/create-post/handler.ts');
    expect(ours).toContain('shared/wiring/aws.ts');
    expect(ours).toEqual(expect.arrayContaining(['shared/adapters/aws/eventbridge-scheduler.ts', 'shared/adapters/aws/kms-secret-box.ts']));
    expect(ours.filter((source) => source.startsWith('local/') || source.startsWith('test/'))).toEqual([]);
    expect(ours.filter((source) => /folder-object-storage|file-key-secret-box|local-scheduler|webhook-runner/.test(source))).toEqual([]);
  }, 120_000);
});
