import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runCli } from '../../cli/main';
import { startTestService, type TestService } from '../support/test-service';

/**
 * The command line (docs/api.md, "Command line") against the local service in process: commands run
 * through runCli with the real fetch over the wire, and once through the `bin` file itself as a child
 * process, as `npx social-posting` runs it.
 */
const BIN = join(__dirname, '..', '..', 'cli', 'social-posting.cjs');
const run = promisify(execFile);

let service: TestService;
let env: Record<string, string>;

beforeAll(async () => {
  service = await startTestService();
  const { accountId, apiKey } = await service.createAccount();
  await service.connectProfile(accountId, 'bluesky');
  env = { SOCIAL_POSTING_URL: service.baseUrl, SOCIAL_POSTING_API_KEY: apiKey };
});

afterAll(async () => {
  await service?.stop();
});

async function cli(args: string[], settings: Record<string, string> = env) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(args, {
    env: settings,
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    fetch: globalThis.fetch,
    readText: (path) => readFileSync(path, 'utf8'),
  });
  return { code, ...out };
}

const inTwoHours = () => {
  const at = new Date(Date.now() + 2 * 3600_000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
};

describe('social-posting against the service', () => {
  it('posts create then posts list --json shows the post; the summary names it', async () => {
    const at = inTwoHours();
    const created = await cli(['posts', 'create', '--content', 'Hello from the command line', '--platform', 'bluesky', '--schedule', at]);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const id = /^ {2}id: (\S+)$/m.exec(created.stdout)?.[1];
    expect(created.stdout).toMatch(/^post:\n/);
    expect(created.stdout).toMatch(/^ {2}status: scheduled$/m);
    const listed = await cli(['posts', 'list', '--status', 'scheduled', '--json']);
    expect(listed.code).toBe(0);
    const posts = (JSON.parse(listed.stdout) as { posts: { id: string; content: string; scheduled_for: string }[] }).posts;
    expect(posts).toEqual([expect.objectContaining({ id, content: 'Hello from the command line', scheduled_for: at })]);
  });

  it('replays a creation with the same --idempotency-key instead of creating twice', async () => {
    const args = ['posts', 'create', '--content', 'Once', '--platform', 'bluesky', '--draft', '--idempotency-key', 'cli-once', '--json'];
    const first = await cli(args);
    const second = await cli(args);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect((JSON.parse(second.stdout) as { post: { id: string } }).post.id).toBe(
      (JSON.parse(first.stdout) as { post: { id: string } }).post.id,
    );
  });

  it('prints an API error as CODE: message with its fields on stderr and exits 1', async () => {
    const missing = await cli(['posts', 'get', '00000000-0000-4000-8000-000000000000']);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toMatch(/^POST_NOT_FOUND: Post not found\n$/);
    const notConnected = await cli(['posts', 'create', '--content', 'x', '--platform', 'linkedin']);
    expect(notConnected.code).toBe(1);
    expect(notConnected.stderr).toMatch(/^PLATFORMS_NOT_CONNECTED: .+\n {2}missing_platforms: \["linkedin"\]\n$/);
    const badKey = await cli(['usage', 'get'], { ...env, SOCIAL_POSTING_API_KEY: 'sk_live_nope' });
    expect(badKey).toMatchObject({ code: 1 });
    expect(badKey.stderr).toMatch(/^INVALID_API_KEY: /);
  });

  it('exits 2 on a usage error or a missing key, without calling the service', async () => {
    const calls: string[] = [];
    const io = (settings: Record<string, string>) => ({
      env: settings,
      stdout: () => undefined,
      stderr: (text: string) => void calls.push(text),
      fetch: (() => Promise.reject(new Error('must not be called'))) as typeof fetch,
      readText: () => '',
    });
    expect(await runCli(['posts', 'create', '--platform', 'bluesky'], io(env))).toBe(2);
    expect(await runCli(['posts', 'publish'], io(env))).toBe(2);
    expect(await runCli(['usage', 'get'], io({ SOCIAL_POSTING_URL: service.baseUrl }))).toBe(2);
    expect(calls.join('')).toMatch(/--content is required[\s\S]*unknown command "posts publish"[\s\S]*SOCIAL_POSTING_API_KEY is not set/);
  });

  it('runs as the package bin: `social-posting usage get --json` in a child process', async () => {
    const { stdout } = await run(process.execPath, [BIN, 'usage', 'get', '--json'], { env: { ...process.env, ...env } });
    expect(JSON.parse(stdout)).toHaveProperty('usage');
    const failed = await run(process.execPath, [BIN, 'posts', 'get', 'not-an-id'], { env: { ...process.env, ...env } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringMatching(/^INVALID_ID: /) as unknown });
  });
});
