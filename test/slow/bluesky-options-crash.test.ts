import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alive, ChildServices, type ChildService } from '../support/child-service';
import { eventually } from '../support/eventually';
import { startTestPds, type TestPds, type TestUser } from '../support/pds';
import { registerSecret } from '../support/secret-registry';

/**
 * Acceptance (issue 42, Bluesky options): the local service (`npm start`'s stack, a child process)
 * is killed with SIGKILL after a thread's posts and its threadgate are written and before its
 * postgates (the child hangs the second putRecord, test/support/crash-options-service.ts). After a
 * restart the publish is repeated: the posts are found at their deterministic keys, and the gates are
 * put again at the posts' own keys: one post per part, one threadgate, one postgate per part.
 */
const LEASE_MS = 10_000;

describe('Bluesky options across a SIGKILL', () => {
  let pds: TestPds;
  let alice: TestUser;
  const services = new ChildServices();

  beforeAll(async () => {
    pds = await startTestPds();
    alice = await pds.createUser('gated');
  }, 60_000);
  afterAll(async () => {
    await services.cleanup();
    await pds?.stop();
  });

  function start(dataDir: string, crash: boolean): Promise<ChildService> {
    return services.start({
      script: 'test/support/crash-options-service.ts',
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'WARN',
        BLUESKY_SERVICE_URL: pds.url,
        PUBLISH_CLAIM_LEASE_MS: String(LEASE_MS),
        PUBLISH_RETRY_BASE_MS: '1',
        RATE_LIMIT_REQUESTS: '100000',
        CRASH_AT: crash ? 'gate' : '',
      },
      unset: ['DYNAMODB_ENDPOINT', 'TABLE_NAME', 'PUBLIC_BASE_URL'],
      ready: /READY \d+/,
      detached: true,
    });
  }

  const listOf = async (collection: string) =>
    (await alice.agent.com.atproto.repo.listRecords({ repo: alice.did, collection, limit: 100 })).data.records;

  it('killed between the threadgate and the postgates: after a restart, each record once', async () => {
    const dataDir = services.track(mkdtempSync(join(tmpdir(), 'sps-options-crash-')));
    const first = await start(dataDir, true);
    const apiKey = /(?:api|account) key: (sk_[A-Za-z0-9_-]{43})/.exec(first.output())![1];
    registerSecret(apiKey);
    const call = async (baseUrl: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'x-api-key': apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, json: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    expect((await call(first.baseUrl, 'POST', '/profiles/bluesky', { handle: alice.handle, app_password: alice.appPassword })).status).toBe(
      201,
    );
    const content = ['Gated thread, first part.', 'Words go here. '.repeat(18), 'Gated thread, second part.'].join('\n\n');
    const created = await call(first.baseUrl, 'POST', '/posts', {
      content,
      platforms: ['bluesky'],
      link_preview: false,
      platform_options: { bluesky: { reply_control: ['mentioned'], quotes_allowed: false, langs: ['en'] } },
    });
    expect(created.status).toBe(201);
    await first.waitForOutput(/CRASH_POINT gate/, 30_000, () => 'the crash point was not reached');
    process.kill(first.servicePid, 'SIGKILL');
    await first.exited();
    expect(alive(first.servicePid)).toBe(false);
    const before = await pds.listPosts(alice.did);
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(await listOf('app.bsky.feed.threadgate')).toHaveLength(1);
    expect(await listOf('app.bsky.feed.postgate')).toEqual([]);

    const second = await start(dataDir, false);
    const post = await eventually(
      async () => {
        const answer = (await call(second.baseUrl, 'GET', `/posts/${created.json.post.id}`)).json.post;
        expect(answer?.status).toBe('published');
        return answer;
      },
      { timeoutMs: LEASE_MS + 30_000, intervalMs: 100 },
    );
    const posts = await pds.listPosts(alice.did);
    expect(posts).toEqual(before);
    expect(post.results.bluesky.platform_post_id).toBe(posts[0].uri);
    expect(posts.every((record) => JSON.stringify(record.value.langs) === '["en"]')).toBe(true);
    const threadgates = await listOf('app.bsky.feed.threadgate');
    expect(threadgates.map((record) => record.uri.split('/').pop())).toEqual([posts[0].rkey]);
    expect(threadgates[0].value).toMatchObject({ post: posts[0].uri, allow: [{ $type: 'app.bsky.feed.threadgate#mentionRule' }] });
    const postgates = await listOf('app.bsky.feed.postgate');
    expect(postgates.map((record) => record.uri.split('/').pop()).sort()).toEqual(posts.map((record) => record.rkey).sort());
    await second.stop();
  }, 180_000);
});
