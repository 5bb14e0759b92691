import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const ENDPOINTS = join(ROOT, 'shared', 'http', 'endpoints');
const GENERATOR = join(ROOT, 'scripts', 'validators.ts');

/**
 * The request validators (`shared/http/endpoints/<operation>/schema.validators.ts`) generated when
 * any is missing, as in a fresh clone while they are git-ignored build output. Present files are
 * left alone: a stale one refuses to load and says which command to run (shared/http/validation.ts),
 * and test/unit/generated-validators.test.ts fails on it. Once the validators are committed this
 * never spawns anything; a run no longer pays for the generator on every start.
 */
export function ensureGeneratedValidators(): void {
  if (!existsSync(ENDPOINTS) || !existsSync(GENERATOR)) return;
  const missing = readdirSync(ENDPOINTS).some(
    (operation) => existsSync(join(ENDPOINTS, operation, 'schema.ts')) && !existsSync(join(ENDPOINTS, operation, 'schema.validators.ts')),
  );
  if (missing) execFileSync(process.execPath, ['--import', 'tsx', GENERATOR], { cwd: ROOT, stdio: 'inherit' });
}
