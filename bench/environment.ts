import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCleanup } from './cleanup';
import { SwitchableScheduler } from './switchable-scheduler';

/** The service under test: its own in-memory DynamoDB Local, a fresh table, the local stack on a free port. */
export interface BenchEnvironment {
  baseUrl: string;
  dynamoEndpoint: string;
  tableName: string;
  scheduler: SwitchableScheduler;
  /** The DynamoDB Local JVM, for its CPU time. */
  enginePid: number | undefined;
}

/** Nothing may leave the machine: every platform URL points at a closed loopback port. */
const NOWHERE = 'http://127.0.0.1:9';

/**
 * Sets the service's settings in the environment, then starts everything. Service modules
 * read process.env once when they load, so this must run before any of them is imported.
 */
export async function startBenchEnvironment(): Promise<BenchEnvironment> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  onCleanup('temp data dir', async () => removeDataDir(), removeDataDir);
  const tableName = `bench-${randomUUID()}`;
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DATA_DIR: dataDir,
    RATE_LIMIT_REQUESTS: '100000000',
    LOG_LEVEL: 'SILENT',
    PUBLISH_RETRY_BASE_MS: '1',
    AWS_REGION: 'us-east-1',
    AWS_EC2_METADATA_DISABLED: 'true',
    BLUESKY_SERVICE_URL: NOWHERE,
    LINKEDIN_OAUTH_BASE_URL: NOWHERE,
    LINKEDIN_API_BASE_URL: NOWHERE,
    LINKEDIN_CLIENT_ID: 'bench',
    LINKEDIN_CLIENT_SECRET: 'bench',
  });

  // In memory: the figures measure the engine's request path, not this machine's disk.
  const { startDynamoDbLocal } = await import('../local/dynamodb-local');
  const engine = await startDynamoDbLocal();
  onCleanup(
    'DynamoDB Local',
    () => engine.stop(),
    () => {
      if (engine.pid) process.kill(engine.pid, 'SIGKILL');
    },
  );
  process.env.SERVICE_RUNTIME = 'local';
  process.env.DYNAMODB_ENDPOINT = engine.endpoint;

  const scheduler = new SwitchableScheduler();
  const { startLocalStack } = await import('../local/local-stack');
  const stack = await startLocalStack({
    dataDir,
    port: 0,
    tableName,
    dynamoEndpoint: engine.endpoint,
    createDemoAccount: false,
    scheduler,
  });
  onCleanup('local stack', () => stack.stop());
  return { baseUrl: stack.baseUrl, dynamoEndpoint: engine.endpoint, tableName, scheduler, enginePid: engine.pid };
}
