import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The typed client's generated file (client/src/schema.gen.ts, also the dashboard's wire types):
 * it types every operation and compiles on its own. That it is what `npm run generate` writes now
 * is `npm run lint:generated`'s check.
 */
const ROOT = join(__dirname, '..', '..');
const run = promisify(execFile);

describe('client/src/schema.gen.ts (npx tsx scripts/generate-client.ts)', () => {
  it('types every operation of the document', () => {
    const document = JSON.parse(readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const generated = readFileSync(join(ROOT, 'client', 'src', 'schema.gen.ts'), 'utf8');
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => !generated.includes(`    ${id}: {`))).toEqual([]);
  });

  it('compiles strict on its own (client/tsconfig.json: no Node types, DOM fetch), with the README example', async () => {
    // The README's example, importing the client by its absolute path, compiled with the client's own settings.
    const folder = mkdtempSync(join(tmpdir(), 'sps-client-readme-'));
    try {
      const readme = readFileSync(join(ROOT, 'client', 'README.md'), 'utf8');
      const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
      expect(example).toContain('createSocialPostingClient');
      const source = (example ?? '').replace("'./client/src'", JSON.stringify(join(ROOT, 'client', 'src')));
      writeFileSync(
        join(folder, 'example.ts'),
        `declare const process: { env: Record<string, string | undefined> };\n${source}\nexport {};\n`,
      );
      const config = { extends: join(ROOT, 'client', 'tsconfig.json'), include: [join(folder, 'example.ts'), join(ROOT, 'client', 'src')] };
      writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(config));
      const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
      const result = await run(process.execPath, [tsc, '--noEmit', '-p', join(folder, 'tsconfig.json')], { cwd: ROOT }).then(
        () => 'compiles',
        (error: { stdout?: string }) => error.stdout ?? String(error),
      );
      expect(result).toBe('compiles');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('is where the dashboard takes its wire types from, not a hand copy', () => {
    const api = readFileSync(join(ROOT, 'dashboard', 'src', 'api.ts'), 'utf8');
    expect(api).toContain("from '../../client/src/schema.gen'");
    expect(api).toContain("from '../../client/src/errors'");
    expect(api).not.toMatch(/^export interface \w+/m);
    const preview = readFileSync(join(ROOT, 'dashboard', 'src', 'pages', 'thread-preview.tsx'), 'utf8');
    expect(preview).not.toMatch(/interface PreviewRequest/);
  });
});
