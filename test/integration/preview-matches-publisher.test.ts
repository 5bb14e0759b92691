import type { FakeLinkedIn } from '../fakes/fake-linkedin';
import { startConnectedPlatforms, type ConnectedPlatforms } from '../support/connected-platforms';
import { type PostRecord, type TestPds, type TestUser } from '../support/pds';
import type { TestService } from '../support/test-service';
import { generateTexts } from '../support/text-generator';
import { eventually } from '../support/eventually';

/**
 * What each platform receives, against the real adapters, a real PDS and the fake LinkedIn:
 * a post with a different text per platform gives each platform its own text, once; and the
 * preview equals what the publisher then sends, field by field, for 200 generated texts
 * (a subset published for real, the rest compared with the rendering functions the adapters call).
 */
const PUBLISHED = 24;
const GENERATED = 200;
const MENTION_FACET = 'app.bsky.richtext.facet#mention';
type Facet = { index: { byteStart: number; byteEnd: number }; features: Array<{ $type: string; did?: string }> };
const isMention = (facet: Facet) => facet.features.some((feature) => feature.$type === MENTION_FACET);

describe('preview and publisher agree on what each platform receives', () => {
  let pds: TestPds;
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let world: ConnectedPlatforms;
  let alice: TestUser;
  let apiKey: string;
  let clock: { now(): Date; advance(ms: number): void };

  beforeAll(async () => {
    world = await startConnectedPlatforms('preview-member');
    ({ pds, linkedin, service, alice, apiKey } = world);
    const ports = await import('#shared/ports/clock');
    clock = ports.fixedClock(new Date());
    ports.useClock(clock);
  }, 90_000);
  afterAll(async () => {
    await world?.stop();
  });

  const read = async (postId: string) => (await service.call('GET', `/posts/${postId}`, { key: apiKey })).json.post;
  const until = (condition: () => Promise<boolean>, timeoutMs = 20_000) =>
    eventually(
      async () => {
        if (!(await condition())) throw new Error('timed out');
      },
      { timeoutMs, intervalMs: 50 },
    );
  /** Publishes now (LinkedIn spacing: each post a minute after the one before) and waits for the outcome. */
  const publish = async (body: Record<string, unknown>) => {
    clock.advance(61_000);
    const response = await service.call('POST', '/posts', { key: apiKey, body: { platforms: ['linkedin', 'bluesky'], ...body } });
    expect(response.status).toBe(201);
    const id = response.json.post.id as string;
    await until(async () => !['publishing', 'scheduled'].includes((await read(id)).status));
    return read(id);
  };
  /** The thread's records from its root, following each reply's parent. */
  const threadOf = (records: PostRecord[], rootUri: string): PostRecord[] => {
    const thread = records.filter((record) => record.uri === rootUri);
    for (;;) {
      const next = records.find((record) => record.value.reply?.parent?.uri === thread[thread.length - 1].uri);
      if (!next) return thread;
      thread.push(next);
    }
  };
  const preview = async (content: string) => {
    const response = await service.call('POST', '/posts/preview', { key: apiKey, body: { content, platforms: ['linkedin', 'bluesky'] } });
    expect(response.status).toBe(200);
    return response.json.preview;
  };

  it('gives each platform its own text, once, and neither the shared content', async () => {
    const texts = { linkedin: 'LinkedIn gets the formal one (with #hashtag)', bluesky: 'bluesky gets the short one 🦋 #tag' };
    const post = await publish({ content: 'the shared content nobody receives', platform_content: texts });
    expect(post.status).toBe('published');
    const received = linkedin.receivedPosts().filter((one) => one.urn);
    expect(received.filter((one) => one.text === texts.linkedin)).toHaveLength(1);
    expect(received.filter((one) => one.text === texts.bluesky || one.text?.includes('shared content'))).toHaveLength(0);
    const records = await pds.listPosts(alice.did);
    expect(records.filter((record) => record.value.text === texts.bluesky)).toHaveLength(1);
    expect(
      records.filter((record) => record.value.text === texts.linkedin || String(record.value.text).includes('shared content')),
    ).toHaveLength(0);
  });

  it(`preview equals the published LinkedIn commentary and Bluesky thread for ${PUBLISHED} generated texts`, async () => {
    const texts = generateTexts(GENERATED, 17, [alice.handle, 'nobody.test', 'bsky.app']).slice(0, PUBLISHED);
    let threads = 0;
    let resolvedMentions = 0;
    let facetCount = 0;
    for (const text of texts) {
      const expected = await preview(text);
      const overLinkedIn = expected.linkedin.characters > 3000;
      const post = await publish({ content: text });
      // LinkedIn: the very commentary, once.
      const sent = linkedin.receivedPosts().filter((one) => one.body?.commentary === expected.linkedin.commentary && one.urn);
      if (overLinkedIn) {
        expect(post.results.linkedin.error.code).toBe('PLATFORM_REJECTED');
      } else {
        expect(sent).toHaveLength(1);
        expect(sent[0].urn).toBe(post.results.linkedin.platform_post_id);
        expect(sent[0].body.commentary.length).toBe(expected.linkedin.characters);
      }
      // Bluesky: each part's text, and its facets less the mentions the PDS resolved.
      const thread = threadOf(await pds.listPosts(alice.did), post.results.bluesky.platform_post_id);
      expect(thread.map((record) => record.value.text)).toEqual(expected.bluesky.posts.map((part: { text: string }) => part.text));
      thread.forEach((record, index) => {
        const facets: Facet[] = record.value.facets ?? [];
        expect(facets.filter((facet) => !isMention(facet))).toEqual(expected.bluesky.posts[index].facets);
        facetCount += expected.bluesky.posts[index].facets.length;
        for (const mention of facets.filter(isMention)) {
          resolvedMentions += 1;
          const handle = Buffer.from(record.value.text)
            .subarray(mention.index.byteStart + 1, mention.index.byteEnd)
            .toString();
          expect(handle).toBe(alice.handle); // only a handle that resolves becomes a mention...
          expect(mention.features[0].did).toBe(alice.did);
          expect(expected.warnings).toContainEqual(expect.stringContaining(`@${handle} cannot be checked`)); // ...and the preview warned of it
        }
      });
      if (thread.length > 1) threads += 1;
      expect(expected.warnings.some((warning: string) => warning.includes('thread of'))).toBe(thread.length > 1);
    }
    // The sample must exercise threads, link and tag facets, and mentions the PDS resolves.
    expect({ threads: threads > 3, facets: facetCount > 10, resolvedMentions: resolvedMentions > 0 }).toEqual({
      threads: true,
      facets: true,
      resolvedMentions: true,
    });
  }, 240_000);

  it(`preview equals the adapters' rendering functions for all ${GENERATED} generated texts`, async () => {
    const { renderBlueskyThread } = await import('#shared/platforms/bluesky/render');
    const { renderLinkedInCommentary } = await import('#shared/platforms/linkedin/render');
    const { parseLittleText } = await import('#shared/platforms/linkedin/little-text');
    const texts = generateTexts(GENERATED, 17, [alice.handle, 'nobody.test', 'bsky.app']);
    for (const [index, text] of texts.entries()) {
      if (index % 40 === 0) clock.advance(61_000); // a fresh API rate-limit window
      const expected = await preview(text);
      expect(expected.linkedin).toEqual(renderLinkedInCommentary(text));
      // The commentary shows as written on LinkedIn (the escaping is right, not only the same).
      expect(parseLittleText(expected.linkedin.commentary)).toMatchObject({ text, complete: true });
      const parts = renderBlueskyThread(text);
      expect(expected.bluesky.posts).toEqual(parts.map(({ text: part, graphemes, facets }) => ({ text: part, graphemes, facets })));
      expect(expected.bluesky.posts.every((part: { graphemes: number }) => part.graphemes <= 300)).toBe(true);
    }
  }, 120_000);
});
