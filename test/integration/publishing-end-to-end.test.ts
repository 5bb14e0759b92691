import type { Context } from 'aws-lambda';
import type { FakeLinkedIn } from '../fakes/fake-linkedin';
import { startConnectedPlatforms, type ConnectedPlatforms } from '../support/connected-platforms';
import type { TestPds, TestUser } from '../support/pds';
import { schedulerSettled } from '../support/scheduler-settled';
import type { TestService } from '../support/test-service';
import { eventually } from '../support/eventually';

/**
 * The whole pipeline on this machine: the real server and handlers, DynamoDB Local, the local
 * scheduler, the real adapters, a fake LinkedIn and a real Bluesky PDS. Time is moved through
 * the clock port, never slept. Exactly-once is counted at the platforms themselves.
 */
describe('publishing end to end', () => {
  let pds: TestPds;
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let world: ConnectedPlatforms;
  let alice: TestUser;
  let apiKey: string;
  let clock: { now(): Date; advance(ms: number): void; set(date: Date): void };
  const start = new Date();

  beforeAll(async () => {
    world = await startConnectedPlatforms('e2e-member');
    ({ pds, linkedin, service, alice, apiKey } = world);
    const ports = await import('#shared/ports/clock');
    clock = ports.fixedClock(start);
    ports.useClock(clock);
  }, 90_000);
  afterAll(async () => {
    await world?.stop();
  });

  const schedule = async (content: string, secondsAfterStart: number) => {
    const at = new Date(start.getTime() + secondsAfterStart * 1000);
    const response = await service.call('POST', '/posts', {
      key: apiKey,
      body: { content, platforms: ['linkedin', 'bluesky'], scheduled_for: at.toISOString() },
    });
    expect(response.status).toBe(201);
    return { id: response.json.post.id as string, at };
  };
  const read = async (postId: string) => (await service.call('GET', `/posts/${postId}`, { key: apiKey })).json.post;
  const until = (condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) =>
    eventually(
      async () => {
        if (!(await condition())) throw new Error('timed out');
      },
      { timeoutMs, intervalMs: 50 },
    );
  const linkedinCopies = (content: string) => linkedin.createdPosts().filter((post) => post.text === content).length;
  const blueskyCopies = async (content: string) =>
    (await pds.listPosts(alice.did)).filter((record) => record.value.text === content).length;

  it('publishes a post scheduled 61 s ahead to both platforms at its time, readable through GET /posts/{id}', async () => {
    const content = 'Scheduled (61 s) with [brackets] & a_underscore #e2e';
    const post = await schedule(content, 61);
    clock.set(new Date(post.at.getTime() - 1000));
    await schedulerSettled();
    expect((await read(post.id)).status).toBe('scheduled');
    clock.set(post.at);
    await until(async () => (await read(post.id)).status === 'published');
    const published = await read(post.id);
    const [created] = linkedin.createdPosts().filter((received) => received.text === content);
    const [record] = (await pds.listPosts(alice.did)).filter((received) => received.value.text === content);
    expect(published.results).toEqual({
      linkedin: {
        status: 'published',
        url: `https://www.linkedin.com/feed/update/${created.urn}`,
        platform_post_id: created.urn,
        published_at: expect.any(String),
        error: null,
        metrics: null,
      },
      bluesky: {
        status: 'published',
        url: `https://bsky.app/profile/${alice.handle}/post/${record.rkey}`,
        platform_post_id: record.uri,
        published_at: expect.any(String),
        error: null,
        metrics: null,
      },
    });
    expect(published.published_at).toMatch(/Z$/);
    expect([linkedinCopies(content), await blueskyCopies(content)]).toEqual([1, 1]);
  });

  it('gives each platform the post exactly once when the publisher runs three times at once', async () => {
    const content = 'Three publishers, one post';
    const post = await schedule(content, 400);
    const { handler } = await import('../../functions/publish-post/handler');
    clock.set(post.at); // the local scheduler fires too: three runs in all
    await Promise.all([
      handler({ post_id: post.id }, { awsRequestId: 'a' } as Context),
      handler({ post_id: post.id }, { awsRequestId: 'b' } as Context),
    ]);
    await until(async () => (await read(post.id)).status === 'published');
    expect([linkedinCopies(content), await blueskyCopies(content)]).toEqual([1, 1]);
  });

  it('after a crash between the platform calls and the result writes, neither platform gets a second copy', async () => {
    const content = 'Crash after send';
    const post = await schedule(content, 800);
    const store = await import('#shared/store/post-publication');
    const crash = jest.spyOn(store, 'recordPlatformResult').mockRejectedValue(new Error('killed'));
    clock.set(post.at); // the local scheduler runs the publisher, which "dies" after both platform calls
    await until(() => crash.mock.calls.length >= 2);
    crash.mockRestore();
    expect([linkedinCopies(content), await blueskyCopies(content)]).toEqual([1, 1]);
    // A later run (a Lambda retry) after the claims' lease has passed:
    clock.advance(6 * 60_000);
    const { handler } = await import('../../functions/publish-post/handler');
    await handler({ post_id: post.id }, { awsRequestId: 'retry' } as Context);
    // The clock's jump fires the local scheduler's redelivery too: whichever run takes a platform finishes it.
    await until(async () => (await read(post.id)).status !== 'publishing');
    const after = await read(post.id);
    expect(after.results.linkedin.error.code).toBe('PLATFORM_OUTCOME_UNKNOWN');
    expect(after.results.bluesky.status).toBe('published');
    expect(after.status).toBe('partially_published');
    expect([linkedinCopies(content), await blueskyCopies(content)]).toEqual([1, 1]);
  });
});
