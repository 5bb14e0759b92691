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

/** Who recorded the engine: the `npm start` process and the engine's own pid. */
export function engineRecord(dataDir: string): { pid?: number; engine_pid?: number } {
  try {
    return JSON.parse(readFileSync(fileOf(dataDir), 'utf8')) as { pid?: number; engine_pid?: number };
  } catch {
    return {};
  }
}

export function processAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops an engine this process did not start (one left behind by a killed `npm start`). */
export async function stopEngineByPid(pid: number | undefined): Promise<void> {
  if (!processAlive(pid)) return;
  process.kill(pid as number, 'SIGTERM');
  for (let waited = 0; waited < 5000 && processAlive(pid); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  if (processAlive(pid)) process.kill(pid as number, 'SIGKILL');
}
