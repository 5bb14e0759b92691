import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { localClient } from './dynamodb-local';

/**
 * `npm start` records its DynamoDB Local endpoint under DATA_DIR, so the admin command
 * talks to the running engine instead of opening the same database files a second time.
 */
const fileOf = (dataDir: string) => join(dataDir, 'engine.json');

export function recordRunningEngine(dataDir: string, endpoint: string, enginePid: number | undefined): () => void {
  writeFileSync(fileOf(dataDir), JSON.stringify({ endpoint, pid: process.pid, engine_pid: enginePid }));
  return () => rmSync(fileOf(dataDir), { force: true });
}

/** The endpoint of an engine started by a running `npm start` on this DATA_DIR, if it answers. */
export async function findRunningEngine(dataDir: string): Promise<string | undefined> {
  let endpoint: string;
  try {
    endpoint = (JSON.parse(readFileSync(fileOf(dataDir), 'utf8')) as { endpoint: string }).endpoint;
  } catch {
    return undefined;
  }
  const client = localClient(endpoint);
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(1000) });
    return endpoint;
  } catch {
    return undefined;
  } finally {
    client.destroy();
  }
}
