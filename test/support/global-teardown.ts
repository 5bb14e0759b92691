import { rmSync } from 'node:fs';
import type { DynamoDbLocal } from '../../local/dynamodb-local';
import { findLeaks, secretScanDir } from './secret-registry';

/**
 * Every lane's teardown (jest.config.js): stops the shared DynamoDB Local when a lane started one
 * (./global-setup-dynamodb.ts), removes the run's temp folder, then fails the run if any test's logs
 * carried a secret. One module for all lanes, so jest runs it once, after the last test of the run.
 */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as { __dynamoDbLocal?: DynamoDbLocal };
  await holder.__dynamoDbLocal?.stop();
  holder.__dynamoDbLocal = undefined;
  if (process.env.SPS_TEST_RUN_DIR) rmSync(process.env.SPS_TEST_RUN_DIR, { recursive: true, force: true });
  const dir = secretScanDir();
  if (!dir) return;
  try {
    const leaks = findLeaks(dir);
    if (leaks.length > 0) {
      const lines = leaks.slice(0, 20).map((leak) => `  ${leak.file}:${leak.line}: ${leak.what}`);
      throw new Error(`Secrets found in test logs (${leaks.length}); the file names the test file above each hit:\n${lines.join('\n')}`);
    }
  } finally {
    // Kept on failure when asked, to read the hits; removed otherwise.
    if (!process.env.SPS_KEEP_SECRET_SCAN) rmSync(dir, { recursive: true, force: true });
  }
}
