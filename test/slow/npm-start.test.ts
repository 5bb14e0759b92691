import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alive, startChildService, type ChildService } from '../support/child-service';

/**
 * `npm start` as a new user runs it: a child process on a fresh DATA_DIR, then HTTP only.
 * Checks the printed demo key, the auth errors, that a key survives a restart, and that
 * stopping leaves no java process behind.
 */
const LISTENING = /listening on http:\/\/127\.0\.0\.1:\d+/;
/** A first start prints the demo account's key just after the address. */
const LISTENING_WITH_KEY = /listening on http:\/\/127\.0\.0\.1:\d+[\s\S]*api key: sk_[A-Za-z0-9_-]{43}/;

function start(dataDir: string, ready: RegExp): Promise<ChildService> {
  return startChildService({
    script: 'local/start.ts',
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'WARN' },
    unset: ['DYNAMODB_ENDPOINT', 'TABLE_NAME'],
    ready,
    readyTimeoutMs: 60_000,
  });
}

describe('npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves with the printed demo key, keeps data across a restart and leaves no java behind', async () => {
    const first = await start(dataDir, LISTENING_WITH_KEY);
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
      expect(await first.stop()).toBe(0);
      expect(alive(enginePid)).toBe(false);
    }

    const second = await start(dataDir, LISTENING);
    try {
      expect(second.output()).not.toContain('api key:');
      const again = await fetch(`${second.baseUrl}/profiles`, { headers: { 'x-api-key': newKey } });
      expect(again.status).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 180_000);
});
