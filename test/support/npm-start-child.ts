import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * `npm start` (local/start.ts) as a child process on a free port and a fresh DATA_DIR, with its
 * own DynamoDB Local: the service exactly as a user runs it, reached over HTTP only. One per test file.
 */
export interface NpmStartChild {
  baseUrl: string;
  /** The demo account's key printed on first start (scope admin). */
  demoKey: string;
  /** Everything the child printed so far (its JSON log lines included). */
  output(): string;
  stop(): Promise<number | null>;
}

const ROOT = resolve(__dirname, '../..');

export async function startNpmStart(settings: Record<string, string> = {}): Promise<NpmStartChild> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-npm-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'WARN', ...settings };
  delete env.DYNAMODB_ENDPOINT;
  delete env.TABLE_NAME;
  const child: ChildProcess = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['local/start.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let waiting: (() => void) | undefined;
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    waiting?.();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    const code = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    return code;
  };
  try {
    // The demo key is printed just after the address, on a first start.
    const [baseUrl, demoKey] = await new Promise<[string, string]>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`npm start did not come up:\n${output}`)), 60_000);
      waiting = () => {
        const address = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        const key = /api key: (sk_[A-Za-z0-9_-]{43})/.exec(output)?.[1];
        if (address && key) {
          clearTimeout(timer);
          done([address, key]);
        }
      };
      void exited.then((code) => fail(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    waiting = undefined;
    return { baseUrl, demoKey, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
