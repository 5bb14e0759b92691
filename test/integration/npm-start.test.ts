import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * `npm start` as a new user runs it: a child process on a fresh DATA_DIR, then HTTP only.
 * Checks the printed demo key, the auth errors, that a key survives a restart, and that
 * stopping leaves no java process behind.
 */
const root = resolve(__dirname, '../..');
const tsx = join(root, 'node_modules/.bin/tsx');

interface Started {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

async function start(dataDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'WARN' };
  delete env.DYNAMODB_ENDPOINT;
  delete env.TABLE_NAME;
  const child = spawn(tsx, ['local/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not come up:\n${output}`)), 60_000);
    const poll = setInterval(() => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
  return { child, baseUrl, output: () => output };
}

async function stop(started: Started): Promise<number | null> {
  const exited = new Promise<number | null>((resolveCode) => started.child.once('exit', (code) => resolveCode(code)));
  started.child.kill('SIGTERM');
  return exited;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves with the printed demo key, keeps data across a restart and leaves no java behind', async () => {
    const first = await start(dataDir);
    let newKey: string;
    try {
      const demoKey = /api key: (sk_[A-Za-z0-9_-]{43})/.exec(first.output())?.[1];
      expect(demoKey).toBeDefined();
      const missing = await fetch(`${first.baseUrl}/profiles`);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ error: 'MISSING_API_KEY', message: expect.any(String) });
      const wrong = await fetch(`${first.baseUrl}/profiles`, { headers: { 'x-api-key': `sk_${'x'.repeat(43)}` } });
      expect(await wrong.json()).toMatchObject({ error: 'INVALID_API_KEY' });
      const ok = await fetch(`${first.baseUrl}/profiles`, { headers: { 'x-api-key': demoKey as string } });
      expect([ok.status, await ok.json()]).toEqual([200, { profiles: [] }]);
      const created = await fetch(`${first.baseUrl}/keys`, {
        method: 'POST',
        headers: { 'x-api-key': demoKey as string, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'survivor' }),
      });
      newKey = ((await created.json()) as { api_key: string }).api_key;
    } finally {
      const enginePid = (JSON.parse(readFileSync(join(dataDir, 'engine.json'), 'utf8')) as { engine_pid: number }).engine_pid;
      expect(await stop(first)).toBe(0);
      expect(alive(enginePid)).toBe(false);
    }

    const second = await start(dataDir);
    try {
      expect(second.output()).not.toContain('api key:');
      const again = await fetch(`${second.baseUrl}/profiles`, { headers: { 'x-api-key': newKey } });
      expect(again.status).toBe(200);
    } finally {
      expect(await stop(second)).toBe(0);
    }
  }, 180_000);
});
