/**
 * The service under the soak (test/soak/soak.ts), run as a child process the soak SIGKILLs and
 * starts again: `npm start`'s local stack on the soak's own DynamoDB Local (SOAK_DYNAMODB_ENDPOINT,
 * which outlives this process), with the test-only faults of issue 18 installed from settings:
 * - STORE_FAULTS `{"rate":0.05}`: every DynamoDB call of this process may fail (test/faults/store-faults.ts);
 * - BLUESKY_FAULTS `{"origin":"http://localhost:…","rate":0.1}`: calls to the PDS may fail
 *   (test/faults/platform-faults.ts; LinkedIn's faults are a proxy in the soak's own process).
 * With SOAK_CREATE_ACCOUNTS=N (the first start only) it creates N pro accounts and writes their
 * keys to DATA_DIR/soak-accounts.json (a temp folder the soak removes) before it is READY.
 * Every half second it prints its fault counts (`FAULTS {…}`): a kill loses at most that much of them.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startLocalStack } from '../../local/local-stack';
import { installStoreFaults, planFromSetting } from '../faults/store-faults';
import { installFetchFaults } from '../faults/platform-faults';
import { seededRandom } from '../support/seeded-random';

async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR as string);
  const seed = Number(process.env.SOAK_SEED ?? 1) + process.pid;
  // The settings startLocalStack would set, set first: the store client reads them when it loads, here.
  process.env.SERVICE_RUNTIME = 'local';
  process.env.DYNAMODB_ENDPOINT = process.env.SOAK_DYNAMODB_ENDPOINT;
  process.env.DATA_DIR = dataDir;
  mkdirSync(dataDir, { recursive: true });
  const { db } = await import('#shared/store/client');
  const storeFaults = process.env.STORE_FAULTS
    ? installStoreFaults(db, planFromSetting(process.env.STORE_FAULTS, seededRandom(seed)))
    : undefined;
  const blueskySetting = process.env.BLUESKY_FAULTS
    ? (JSON.parse(process.env.BLUESKY_FAULTS) as { origin: string; rate: number })
    : undefined;
  const blueskyFaults = blueskySetting
    ? installFetchFaults(blueskySetting.origin, { rate: blueskySetting.rate, random: seededRandom(seed + 1) })
    : undefined;

  const stack = await startLocalStack({
    dataDir,
    port: 0,
    dynamoEndpoint: process.env.SOAK_DYNAMODB_ENDPOINT,
    createDemoAccount: false,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const accounts = Number(process.env.SOAK_CREATE_ACCOUNTS ?? 0);
  if (accounts > 0) {
    const { createAccount } = await import('#shared/use-cases/accounts');
    const created = [];
    for (let index = 0; index < accounts; index += 1) {
      const { account, apiKey } = await createAccount({ name: `Soak ${index}`, plan: 'pro', keyName: 'soak' });
      created.push({ accountId: account.id, apiKey });
    }
    const file = join(dataDir, 'soak-accounts.json');
    writeFileSync(file, JSON.stringify(created));
    chmodSync(file, 0o600);
  }
  const report = () =>
    process.stdout.write(
      `FAULTS ${JSON.stringify({ store: storeFaults?.counts().injected ?? {}, bluesky: blueskyFaults?.counts() ?? null })}\n`,
    );
  setInterval(report, 500).unref();
  process.stdout.write(`READY ${process.pid} ${stack.baseUrl}\n`);
  process.on('SIGTERM', () => {
    report();
    void stack.stop().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`soak service failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
