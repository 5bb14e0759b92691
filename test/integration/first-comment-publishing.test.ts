import type { Context } from 'aws-lambda';
import type { FakeLinkedIn } from '../fakes/fake-linkedin';
import { startConnectedPlatforms, type ConnectedPlatforms } from '../support/connected-platforms';
import type { PostRecord, TestPds, TestUser } from '../support/pds';
import type { TestService } from '../support/test-service';
import { eventually } from '../support/eventually';

/**
 * Acceptance (issue 30, first comment): a post with a first comment goes out on a real Bluesky
 * PDS as the post plus one reply whose reply.root and reply.parent point at the post (the first
 * and the last part of a thread), and on the fake LinkedIn as the post plus one comment on its
 * URN, acting as the profile's author; a comment LinkedIn refuses leaves the post published with
 * `first_comment.status: failed` and LinkedIn's error. Time is the clock port's.
 */
describe('first comment, published after the post', () => {
  let pds: TestPds;
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let world: ConnectedPlatforms;
  let alice: TestUser;
  let apiKey: string;
  let clock: { now(): Date; advance(ms: number): void; set(date: Date): void };
  const start = new Date();
  let slot = 0;
  let documented: (method: string, path: string, response: { status: number; text: string; headers: Headers }) => string[];

  beforeAll(async () => {
    world = await startConnectedPlatforms('comment-member');
    ({ pds, linkedin, service, alice, apiKey } = world);
    const ports = await import('#shared/ports/clock');
    clock = ports.fixedClock(start);
    ports.useClock(clock);
    const { buildOpenApiDocument } = await import('../../scripts/openapi/generator');
    const { createResponseValidator } = await import('../../scripts/openapi/response-validator');
    documented = createResponseValidator(buildOpenApiDocument());
  }, 90_000);
  afterAll(async () => {
    await world?.stop();
  });

  /** Schedules a post (each one 2 minutes after the last, for LinkedIn's spacing), moves the clock there and waits for its final status. */
  const publish = async (body: Record<string, unknown>) => {
    slot += 1;
    const at = new Date(start.getTime() + slot * 120_000);
    const created = await service.call('POST', '/posts', {
      key: apiKey,
      body: { platforms: ['linkedin', 'bluesky'], scheduled_for: at.toISOString(), link_preview: false, ...body },
    });
    expect(created.status).toBe(201);
    clock.set(at);
    const id = created.json.post.id as string;
    await until(async () => !['scheduled', 'publishing'].includes((await read(id)).status));
    return read(id);
  };
  const read = async (postId: string) => {
    const response = await service.call('GET', `/posts/${postId}`, { key: apiKey });
    // Every post read here, first comments and all, is as docs/openapi.json describes it.
    expect(documented('GET', '/posts/{id}', response)).toEqual([]);
    return response.json.post;
  };
  const until = (condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) =>
    eventually(
      async () => {
        if (!(await condition())) throw new Error('timed out');
      },
      { timeoutMs, intervalMs: 50 },
    );
  const repliesTo = async (uri: string): Promise<PostRecord[]> =>
    (await pds.listPosts(alice.did)).filter((record) => record.value.reply?.parent?.uri === uri);
  const recordOf = async (uri: string): Promise<PostRecord> => (await pds.listPosts(alice.did)).find((record) => record.uri === uri)!;

  it('publishes the post and then one reply on Bluesky and one comment on LinkedIn, each shown in the results', async () => {
    const comment = 'Sign-up link: https://example.com/v2 #launch';
    const post = await publish({ content: 'Version 2 is out (first comment below)', first_comment: comment });
    expect(post.status).toBe('published');
    expect(post.first_comment).toBe(comment);
    expect(post.platform_first_comment).toEqual({});

    const root = await recordOf(post.results.bluesky.platform_post_id);
    const replies = await repliesTo(root.uri);
    expect(replies).toHaveLength(1);
    const [reply] = replies;
    expect(reply.value.text).toBe(comment);
    expect(reply.value.reply).toEqual({ root: { uri: root.uri, cid: root.cid }, parent: { uri: root.uri, cid: root.cid } });
    // Facets as the post's text gets them: the link and the hashtag, by UTF-8 byte ranges.
    const features = (reply.value.facets as Array<{ features: Array<{ $type: string; uri?: string; tag?: string }> }>).map(
      (facet) => facet.features[0],
    );
    expect(features).toEqual([
      { $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/v2' },
      { $type: 'app.bsky.richtext.facet#tag', tag: 'launch' },
    ]);
    expect(post.results.bluesky.first_comment).toEqual({
      status: 'published',
      url: `https://bsky.app/profile/${alice.handle}/post/${reply.rkey}`,
      error: null,
    });

    const urn = post.results.linkedin.platform_post_id as string;
    const comments = linkedin.comments.created().filter((one) => one.object === urn);
    expect(comments).toEqual([expect.objectContaining({ actor: 'urn:li:person:comment-member', object: urn, text: comment })]);
    expect(post.results.linkedin.first_comment).toEqual({
      status: 'published',
      url: `https://www.linkedin.com/feed/update/${urn}/?commentUrn=${encodeURIComponent(comments[0].commentUrn)}`,
      error: null,
    });
    // The comment went out after the post, through the Rest.li headers LinkedIn requires.
    const call = linkedin.comments.received().find((one) => one.urn === urn)!;
    expect(call.body).toEqual({ actor: 'urn:li:person:comment-member', object: urn, message: { text: comment } });
  });

  it('replies to the last part of a thread, with the first part as its root', async () => {
    const sentence = 'This sentence is here to make the post long enough for a thread. ';
    const content = sentence.repeat(10).trim();
    const post = await publish({
      content,
      platforms: ['bluesky'],
      first_comment: 'Shared for LinkedIn',
      platform_first_comment: { bluesky: 'Thread over: thanks for reading' },
    });
    expect(post.status).toBe('published');
    const records = await pds.listPosts(alice.did);
    const root = records.find((record) => record.uri === post.results.bluesky.platform_post_id)!;
    const parts = records.filter(
      (record) => record.value.reply?.root?.uri === root.uri && record.value.text !== 'Thread over: thanks for reading',
    );
    expect(parts.length).toBeGreaterThanOrEqual(2);
    const last = parts[parts.length - 1];
    const replies = records.filter((record) => record.value.text === 'Thread over: thanks for reading');
    expect(replies).toHaveLength(1);
    expect(replies[0].value.reply).toEqual({ root: { uri: root.uri, cid: root.cid }, parent: { uri: last.uri, cid: last.cid } });
    // Nothing replies to the last part but the comment.
    expect(await repliesTo(last.uri)).toEqual([replies[0]]);
    expect(post.results.bluesky.first_comment).toMatchObject({ status: 'published', error: null });
  });

  it('a comment LinkedIn refuses leaves the post published, with first_comment failed and its error', async () => {
    linkedin.comments.refuseNext(1, { status: 403, message: 'Comments are turned off for this post' });
    const post = await publish({
      content: 'Post whose LinkedIn comment is refused',
      first_comment: 'A comment for both',
    });
    expect(post.status).toBe('published');
    expect(post.results.linkedin).toMatchObject({ status: 'published', error: null });
    expect(post.results.linkedin.first_comment).toEqual({
      status: 'failed',
      url: null,
      error: { code: 'PLATFORM_REJECTED', message: 'LinkedIn refused the comment: Comments are turned off for this post' },
    });
    expect(linkedin.comments.created().filter((one) => one.object === post.results.linkedin.platform_post_id)).toEqual([]);
    // Bluesky's comment is its own affair: published.
    expect(post.results.bluesky.first_comment).toMatchObject({ status: 'published' });
  });

  it('a post without a first comment has none in its results, and nothing is commented', async () => {
    const before = linkedin.comments.received().length;
    const post = await publish({ content: 'No comment on this one' });
    expect(post.first_comment).toBeNull();
    expect(post.results.linkedin).not.toHaveProperty('first_comment');
    expect(post.results.bluesky).not.toHaveProperty('first_comment');
    expect(linkedin.comments.received().length).toBe(before);
    expect(await repliesTo(post.results.bluesky.platform_post_id)).toEqual([]);
  });

  it('a run that dies between the post and the comment leaves the comment to the next run: still one of each', async () => {
    const store = await import('#shared/store/first-comments');
    // The run "dies" as it is about to claim the comments: both posts are recorded, no comment is.
    const crash = jest.spyOn(store, 'claimFirstComment').mockRejectedValue(new Error('killed'));
    slot += 1;
    const at = new Date(start.getTime() + slot * 120_000);
    const created = await service.call('POST', '/posts', {
      key: apiKey,
      body: {
        content: 'Crash before the comment',
        platforms: ['linkedin', 'bluesky'],
        scheduled_for: at.toISOString(),
        first_comment: 'Once',
      },
    });
    const id = created.json.post.id as string;
    clock.set(at);
    await until(() => crash.mock.calls.length >= 2);
    crash.mockRestore();
    const between = await read(id);
    expect(between.status).toBe('publishing');
    expect(between.results.linkedin).toMatchObject({ status: 'published', first_comment: { status: 'pending' } });
    expect(between.results.bluesky).toMatchObject({ status: 'published', first_comment: { status: 'pending' } });

    // The redelivery (a Lambda retry): the posts are not published again, the comments are, once.
    const { handler } = await import('../../functions/publish-post/handler');
    await handler({ post_id: id }, { awsRequestId: 'redelivery' } as Context);
    await handler({ post_id: id }, { awsRequestId: 'another' } as Context);
    const after = await read(id);
    expect(after.status).toBe('published');
    expect(after.results.linkedin.first_comment.status).toBe('published');
    expect(after.results.bluesky.first_comment.status).toBe('published');
    expect(linkedin.createdPosts().filter((one) => one.text === 'Crash before the comment')).toHaveLength(1);
    expect(linkedin.comments.created().filter((one) => one.object === after.results.linkedin.platform_post_id)).toHaveLength(1);
    expect((await pds.listPosts(alice.did)).filter((record) => record.value.text === 'Crash before the comment')).toHaveLength(1);
    expect(await repliesTo(after.results.bluesky.platform_post_id)).toHaveLength(1);
  });
});
