import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The dashboard's wire types are generated from the OpenAPI document (`npm run api-types`:
 * openapi-typescript docs/openapi.json → dashboard/src/api-types.gen.ts, committed), and
 * dashboard/src/api.ts names them by alias. Here: the committed file is what the generator writes
 * now from the committed document (regenerated in memory exactly as the CLI does), so a change to
 * the API cannot leave the dashboard typed against the old one. openapi-typescript's Node API
 * (openapiTS + astToString) loads ES modules that jest's CommonJS runtime cannot, so it runs in a
 * child Node process that prints the text; nothing is written to disk.
 */
const ROOT = join(__dirname, '..', '..');

const GENERATE = `
import { readFileSync } from 'node:fs';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
const document = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));
process.stdout.write(COMMENT_HEADER + astToString(await openapiTS(document, { silent: true })));
`;

async function generate(): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', GENERATE], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

describe('dashboard/src/api-types.gen.ts (npm run api-types)', () => {
  it('is what openapi-typescript generates now from docs/openapi.json', async () => {
    const generated = await generate();
    expect(generated).toContain('export interface components');
    const committed = readFileSync(join(ROOT, 'dashboard', 'src', 'api-types.gen.ts'), 'utf8');
    // On a difference: npm run api-types (after npm run openapi when the document changed).
    expect(committed === generated ? 'up to date' : 'stale: run npm run api-types').toBe('up to date');
  }, 60_000);

  it('is what dashboard/src/api.ts aliases, not a hand copy', () => {
    const api = readFileSync(join(ROOT, 'dashboard', 'src', 'api.ts'), 'utf8');
    expect(api).toContain("from './api-types.gen'");
    expect(api).not.toMatch(/^export interface (Post|Profile|ApiKey|Usage|Webhook|Delivery|PlatformResult|Account|SessionInfo)\b/m);
  });
});
