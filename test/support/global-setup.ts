import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDynamoDbLocal } from '../../local/dynamodb-local';

/**
 * The generated request validators brought up to date (scripts/validators.ts), then one
 * in-memory DynamoDB Local for the whole run; workers inherit its endpoint. Also one temp folder
 * for the run, made every worker's TMPDIR, so whatever a library writes to the temp folder
 * (CDK's cdk.out of each synth, dev-env, Chromium profiles) goes where the teardown removes it.
 */
export default async function globalSetup(): Promise<void> {
  // Build output (git-ignored): so a bare `npx jest` has them too.
  execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, '..', '..', 'scripts', 'validators.ts')], { stdio: 'inherit' });
  // The packaged Chromium is unpacked once into the machine's temp folder and reused by later runs.
  process.env.SPS_MACHINE_TMPDIR ??= tmpdir();
  const runDir = mkdtempSync(join(tmpdir(), 'sps-test-run-'));
  process.env.SPS_TEST_RUN_DIR = runDir;
  process.env.TMPDIR = runDir;
  const started = Date.now();
  const engine = await startDynamoDbLocal();
  process.env.SERVICE_RUNTIME = 'local';
  process.env.DYNAMODB_ENDPOINT = engine.endpoint;
  process.env.TEST_ENGINE_START_MS = String(Date.now() - started);
  (globalThis as { __dynamoDbLocal?: typeof engine }).__dynamoDbLocal = engine;
}
