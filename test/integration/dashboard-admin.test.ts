import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import type { LocalStack } from '../../local/local-stack';
import { RecordingScheduler } from '../support/recording-scheduler';

/**
 * Owner logins from the operator's side: the demo login `npm start` prints on a new store, and
 * the admin command's `--email … --password-stdin` and `set-password`. The admin runs as its
 * own process against this file's engine and table, found through DATA_DIR/engine.json as it
 * finds a running `npm start`.
 */
const root = resolve(__dirname, '../..');
const tsx = join(root, 'node_modules/.bin/tsx');

describe('owner logins: the demo account and the admin command', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-dashboard-admin-'));
  const tableName = `test-${randomUUID()}`;
  const printed: string[] = [];
  let stack: LocalStack;

  beforeAll(async () => {
    Object.assign(process.env, { TABLE_NAME: tableName, DATA_DIR: dataDir, LOG_LEVEL: 'SILENT' });
    const { startLocalStack } = await import('../../local/local-stack');
    const endpoint = process.env.DYNAMODB_ENDPOINT as string;
    stack = await startLocalStack({
      dataDir,
      port: 0,
      tableName,
      dynamoEndpoint: endpoint,
      createDemoAccount: true,
      scheduler: new RecordingScheduler(),
      log: (line) => printed.push(line),
    });
    const { recordRunningEngine } = await import('../../local/engine-file');
    recordRunningEngine(dataDir, endpoint, undefined);
  }, 60_000);
  afterAll(async () => {
    try {
      await stack?.stop();
    } finally {
      const { localClient } = await import('../../local/dynamodb-local');
      const client = localClient(process.env.DYNAMODB_ENDPOINT as string);
      await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
      client.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const signIn = (email: string, password: string) =>
    fetch(`${stack.baseUrl}/dashboard/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  const admin = (args: string[], stdin = '') =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      const env = { ...process.env, DATA_DIR: dataDir, TABLE_NAME: tableName, LOG_LEVEL: 'SILENT' };
      const child = spawn(tsx, ['local/admin.ts', ...args], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('exit', (code) => done({ code, stdout, stderr }));
      child.stdin.end(stdin);
    });

  it('prints a demo login beside the demo key on a new store, and it signs in', async () => {
    const text = printed.join('\n');
    expect(text).toMatch(/api key: sk_/);
    expect(text).toContain(`dashboard: ${stack.baseUrl}/dashboard/`);
    const email = /email: +(\S+)/.exec(text)?.[1];
    const password = /password: +(\S+)/.exec(text)?.[1];
    expect(email).toBe('demo@example.com');
    expect(password).toMatch(/^[\w-]{16}$/);
    expect(password).toBe(stack.demo?.password);
    const response = await signIn(email as string, password as string);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { account: { id: string } }).account.id).toBe(stack.demo?.accountId);
  });

  it('creates an account with a login from --email and a password on stdin (never echoed)', async () => {
    const password = 'piped in, never a flag';
    const result = await admin(
      ['accounts', 'create', '--name', 'Acme', '--email', 'Owner@Acme.example', '--password-stdin'],
      `${password}\n`,
    );
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as { account: { id: string; owner_email: string }; api_key: string };
    expect(output.account).toMatchObject({ name: 'Acme', owner_email: 'owner@acme.example' });
    expect(result.stdout + result.stderr).not.toContain(password);
    expect((await signIn('owner@acme.example', password)).status).toBe(200);

    const taken = await admin(
      ['accounts', 'create', '--name', 'Copycat', '--email', 'owner@acme.example', '--password-stdin'],
      'another long password',
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('already the login of another account');
  }, 60_000);

  it('refuses a short password, and --email without --password-stdin', async () => {
    const short = await admin(['accounts', 'create', '--name', 'Tiny', '--email', 'tiny@example.com', '--password-stdin'], 'too short');
    expect([short.code, short.stderr]).toEqual([1, expect.stringContaining('at least 12 characters')]);
    expect((await signIn('tiny@example.com', 'too short')).status).toBe(400);
    const noStdin = await admin(['accounts', 'create', '--name', 'Tiny', '--email', 'tiny@example.com']);
    expect([noStdin.code, noStdin.stderr]).toEqual([2, expect.stringContaining('--password-stdin')]);
  }, 60_000);

  it('sets a new password (ending the sessions), and gives a login to an account without one', async () => {
    const created = JSON.parse((await admin(['accounts', 'create', '--name', 'Later'])).stdout) as { account: { id: string } };
    const id = created.account.id;
    const none = await admin(['accounts', 'set-password', '--account', id, '--password-stdin'], 'first password here');
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('give --email')]);
    const login = await admin(
      ['accounts', 'set-password', '--account', id, '--email', 'later@example.com', '--password-stdin'],
      'first password here',
    );
    expect(JSON.parse(login.stdout)).toEqual({ login: { email: 'later@example.com' } });
    const session = await signIn('later@example.com', 'first password here');
    const cookie = session.headers.getSetCookie()[0].split(';')[0];

    const changed = await admin(['accounts', 'set-password', '--account', id, '--password-stdin'], 'second password here\n');
    expect(JSON.parse(changed.stdout)).toEqual({ login: { email: 'later@example.com', sessions_ended: 1 } });
    expect((await fetch(`${stack.baseUrl}/dashboard/api/session`, { headers: { cookie } })).status).toBe(403);
    expect((await signIn('later@example.com', 'first password here')).status).toBe(400);
    expect((await signIn('later@example.com', 'second password here')).status).toBe(200);
  }, 90_000);
});
