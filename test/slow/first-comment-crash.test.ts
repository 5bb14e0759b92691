import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeLinkedIn, type FakeLinkedIn } from '../fakes/fake-linkedin';
import { alive, ChildServices, type ChildService } from '../support/child-service';
import { eventually } from '../support/eventually';
import { openAuthorizationUrl } from '../support/linkedin-browser';
import { startTestPds, type PostRecord, type TestPds, type TestUser } from '../support/pds';
import { registerSecret } from '../support/secret-registry';

/**
 * Acceptance (issue 30, first comment): the local service (`npm start`'s stack, a child process)
 * is killed with SIGKILL between the post and its first comment, on the real PDS and the fake
 * LinkedIn at once; after a restart each platform has the post once and the comment once, with
 * the reply's refs pointing at the post. Then killed after the comment calls, before their
 * outcome is recorded: Bluesky's reply is found under its deterministic key (still one), and
 * LinkedIn's, which has no such key, is not sent again (still one, recorded as an unknown outcome).
 * The child hangs the store write named by CRASH_AT (test/support/crash-comment-service.ts) and
 * says so, so the kill lands exactly there.
 */
/** The shortest claim lease the service accepts: a claim of the killed run is taken over after it. */
const LEASE_MS = 10_000;

describe('first comment across a SIGKILL', () => {
  let pds: TestPds;
  let linkedin: FakeLinkedIn;
  let alice: TestUser;
  const services = new ChildServices();

  beforeAll(async () => {
    pds = await startTestPds();
    linkedin = await startFakeLinkedIn();
    alice = await pds.createUser('crash');
  }, 60_000);
  afterAll(async () => {
    await services.cleanup();
    await linkedin?.stop();
    await pds?.stop();
  });

  function start(dataDir: string, crashAt?: 'claim' | 'record', extraAccount = false): Promise<ChildService> {
    return services.start({
      script: 'test/support/crash-comment-service.ts',
      env: {
        ...linkedin.settings(),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'WARN',
        BLUESKY_SERVICE_URL: pds.url,
        PUBLISH_CLAIM_LEASE_MS: String(LEASE_MS),
        PUBLISH_RETRY_BASE_MS: '1',
        // The test polls a post every 50 ms: the API's rate limit (100 a minute) would answer 429 instead.
        RATE_LIMIT_REQUESTS: '100000',
        CRASH_AT: crashAt ?? '',
        EXTRA_ACCOUNT: extraAccount ? '1' : '0',
      },
      unset: ['DYNAMODB_ENDPOINT', 'TABLE_NAME', 'PUBLIC_BASE_URL'],
      ready: /READY \d+/,
      detached: true,
    });
  }

  async function kill(child: ChildService): Promise<void> {
    process.kill(child.servicePid, 'SIGKILL');
    await child.exited();
    expect(alive(child.servicePid)).toBe(false);
  }

  /**
   * One store for the file; each test its own account (LinkedIn keeps 60 s between an account's
   * posts): the demo account on the first start, another one after, with both profiles connected through the API.
   */
  let dataDir = '';
  let call: ReturnType<typeof callWith>;
  async function connect(first: ChildService): Promise<void> {
    const apiKey = /(?:api|account) key: (sk_[A-Za-z0-9_-]{43})/.exec(first.output())![1];
    registerSecret(apiKey);
    call = callWith(apiKey);
    const bluesky = await call(first.baseUrl, 'POST', '/profiles/bluesky', { handle: alice.handle, app_password: alice.appPassword });
    expect(bluesky.status).toBe(201);
    const authorized = await call(first.baseUrl, 'POST', '/profiles/linkedin/authorize');
    const browser = await openAuthorizationUrl(first.baseUrl, authorized.json.authorization_url);
    const { callbackUrl } = linkedin.approve(browser.linkedInUrl, { sub: 'crash-member', name: 'Crash Member' });
    const callback = await fetch(`${first.baseUrl}/profiles/linkedin/callback${new URL(callbackUrl).search}`, {
      headers: { cookie: browser.cookie },
    });
    expect(callback.status).toBe(201);
  }

  /** A service that dies at `crashAt`, and a post with a first comment on both platforms, up to the kill. */
  async function upToTheCrash(crashAt: 'claim' | 'record', content: string, comment: string) {
    const fresh = !dataDir;
    if (fresh) {
      dataDir = services.track(mkdtempSync(join(tmpdir(), 'sps-comment-crash-')));
    }
    const first = await start(dataDir, crashAt, !fresh);
    await connect(first);
    const post = await call(first.baseUrl, 'POST', '/posts', {
      content,
      platforms: ['linkedin', 'bluesky'],
      first_comment: comment,
      link_preview: false,
    });
    expect(post.status).toBe(201);
    // Both platforms reach the crash point (they publish side by side).
    await first.waitForOutput(
      /CRASH_POINT (linkedin|bluesky)[\s\S]*CRASH_POINT (linkedin|bluesky)/,
      30_000,
      () => 'the crash point was not reached',
    );
    await kill(first);
    return { postId: post.json.post.id as string };
  }

  const records = async (): Promise<PostRecord[]> => pds.listPosts(alice.did);
  const repliesTo = async (uri: string) => (await records()).filter((record) => record.value.reply?.parent?.uri === uri);

  it('killed between the post and the comment: after a restart, one post and one comment on each platform', async () => {
    const content = 'Killed before the comment';
    const comment = 'The comment, once';
    const { postId } = await upToTheCrash('claim', content, comment);
    // Killed with both posts out and recorded, and no comment anywhere.
    const [postRecord] = (await records()).filter((record) => record.value.text === content);
    expect(await repliesTo(postRecord.uri)).toEqual([]);
    const [linkedinPost] = linkedin.createdPosts().filter((post) => post.text === content);
    expect(linkedin.comments.created().filter((one) => one.object === linkedinPost.urn)).toEqual([]);

    const second = await start(dataDir);
    const post = await eventually(
      async () => {
        const answer = (await call(second.baseUrl, 'GET', `/posts/${postId}`)).json.post;
        expect(answer?.status).toBe('published');
        return answer;
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    expect(post.results.bluesky.first_comment).toMatchObject({ status: 'published', error: null });
    expect(post.results.linkedin.first_comment).toMatchObject({ status: 'published', error: null });

    expect((await records()).filter((record) => record.value.text === content)).toHaveLength(1);
    const replies = await repliesTo(postRecord.uri);
    expect(replies).toHaveLength(1);
    expect(replies[0].value).toMatchObject({
      text: comment,
      reply: { root: { uri: postRecord.uri, cid: postRecord.cid }, parent: { uri: postRecord.uri, cid: postRecord.cid } },
    });
    expect(linkedin.createdPosts().filter((one) => one.text === content)).toHaveLength(1);
    expect(linkedin.comments.created().filter((one) => one.object === linkedinPost.urn)).toEqual([
      expect.objectContaining({ actor: 'urn:li:person:crash-member', text: comment }),
    ]);
    // Killed again rather than stopped: the next test's service carries on with the engine this one leaves running.
    await kill(second);
  }, 180_000);

  it('killed after the comment calls, before their outcome is written: Bluesky’s reply is found again, LinkedIn’s is not sent twice', async () => {
    const content = 'Killed after the comment';
    const comment = 'Sent before the kill';
    const { postId } = await upToTheCrash('record', content, comment);
    const [postRecord] = (await records()).filter((record) => record.value.text === content);
    const [linkedinPost] = linkedin.createdPosts().filter((post) => post.text === content);
    // Both comments are on the platforms already.
    expect(await repliesTo(postRecord.uri)).toHaveLength(1);
    expect(linkedin.comments.created().filter((one) => one.object === linkedinPost.urn)).toHaveLength(1);

    // The restart finds the comments claimed by the dead run; once that claim's lease is over it takes them over.
    const second = await start(dataDir);
    const post = await eventually(
      async () => {
        const answer = (await call(second.baseUrl, 'GET', `/posts/${postId}`)).json.post;
        expect(answer?.status).toBe('published');
        return answer;
      },
      { timeoutMs: LEASE_MS + 30_000, intervalMs: 50 },
    );
    const replies = await repliesTo(postRecord.uri);
    expect(replies).toHaveLength(1);
    expect(post.results.bluesky.first_comment).toEqual({
      status: 'published',
      url: `https://bsky.app/profile/${alice.handle}/post/${replies[0].rkey}`,
      error: null,
    });
    expect(linkedin.comments.created().filter((one) => one.object === linkedinPost.urn)).toHaveLength(1);
    expect(post.results.linkedin.first_comment).toEqual({
      status: 'failed',
      url: null,
      error: { code: 'PLATFORM_OUTCOME_UNKNOWN', message: expect.stringContaining('may or may not be on linkedin') },
    });
    expect(post.results.linkedin.status).toBe('published');
    await second.stop();
  }, 180_000);
});

function callWith(apiKey: string) {
  return async (baseUrl: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const json: any = response.status === 204 ? undefined : await response.json();
    return { status: response.status, json };
  };
}
