import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { PINNED_LINKEDIN_API_VERSION } from '#shared/domain/linkedin-api-version';
import type { CommentRequest, PlatformPublisher } from '#shared/platforms/publisher';
import type { PlatformProfile } from '#shared/domain/profile';
import type { ProfileItem } from '#shared/store/profiles';
import { startFakeLinkedIn, type FakeLinkedIn, type FakeLinkedInUser } from '../fakes/fake-linkedin';
import { useTestTable, type TestTable } from '../support/test-service';

/**
 * The LinkedIn adapter's first comment against the fake LinkedIn (docs/api.md, "First comment"):
 * `POST /rest/socialActions/{urn}/comments` with the Rest.li headers, the profile's author as
 * `actor` (the member, or the page picked), the text as written; and how LinkedIn's refusals and
 * network failures are classified (retryable only when nothing can have been sent).
 */
describe('LinkedIn first comment adapter (against the fake LinkedIn)', () => {
  let linkedin: FakeLinkedIn;
  let table: TestTable;
  let publisher: PlatformPublisher;
  let createLinkedInPublisher: typeof import('#shared/platforms/linkedin/publisher').createLinkedInPublisher;
  let sealLinkedInCredentials: typeof import('#shared/platforms/linkedin/credentials').sealLinkedInCredentials;
  let toPlatformProfile: typeof import('#shared/store/profiles').toPlatformProfile;

  beforeAll(async () => {
    linkedin = await startFakeLinkedIn();
    table = await useTestTable({ ...linkedin.settings(), LINKEDIN_API_VERSION: PINNED_LINKEDIN_API_VERSION });
    ({ linkedinPublisher: publisher, createLinkedInPublisher } = await import('#shared/platforms/linkedin/publisher'));
    ({ sealLinkedInCredentials } = await import('#shared/platforms/linkedin/credentials'));
    ({ toPlatformProfile } = await import('#shared/store/profiles'));
    linkedin.organizations.add({ id: '2414183', name: 'Acme', administrators: ['page-admin'] });
  });
  afterAll(async () => {
    await linkedin.stop();
    await table.drop();
  });

  async function connect(user: FakeLinkedInUser, page?: string): Promise<{ profile: PlatformProfile; token: string }> {
    const token = linkedin.issueToken(
      user,
      undefined,
      page ? ['openid', 'profile', 'w_member_social', 'w_organization_social'] : undefined,
    );
    const accountId = randomUUID();
    const profileId = randomUUID();
    const expiresAt = new Date(token.expiresAt).toISOString();
    const item: ProfileItem = {
      id: profileId,
      account_id: accountId,
      platform: 'linkedin',
      handle: user.name ?? user.sub,
      display_name: user.name ?? null,
      platform_user_id: `urn:li:person:${user.sub}`,
      connected_at: new Date().toISOString(),
      expires_at: expiresAt,
      needs_reconnect: false,
      ...(page ? { author: { type: 'organization' as const, id: page, name: 'Acme' } } : {}),
      credentials: await sealLinkedInCredentials(
        { access_token: token.token, expires_at: expiresAt },
        { account_id: accountId, profile_id: profileId },
      ),
    };
    // As the publisher hands it to the adapter: mapped from the stored item.
    return { profile: toPlatformProfile(item), token: token.token };
  }

  /** Publishes a post as the profile, then comments on it. */
  async function postAndComment(profile: PlatformProfile, text: string, adapter = publisher) {
    const postId = randomUUID();
    const post = await adapter.publish({
      postId,
      accountId: profile.account_id,
      content: `Post ${postId}`,
      postTime: new Date(),
      profile,
      attempt: 1,
    });
    if (!post.ok) throw new Error(`the post failed: ${post.message}`);
    const request: CommentRequest = {
      postId,
      accountId: profile.account_id,
      postTime: new Date(),
      profile,
      content: `Post ${postId}`,
      platformPostId: post.platformPostId,
      text,
      attempt: 1,
    };
    return { urn: post.platformPostId, outcome: await adapter.comment!(request), request };
  }

  it('comments on the post as the member, with the Rest.li headers, and reads the comment URN', async () => {
    const { profile } = await connect({ sub: 'member-1', name: 'Member One' });
    const text = 'Sources (all): https://example.com #notes @someone';
    const { urn, outcome } = await postAndComment(profile, text);
    const [created] = linkedin.comments.created().filter((one) => one.object === urn);
    expect(created).toMatchObject({ actor: 'urn:li:person:member-1', object: urn, text });
    expect(outcome).toEqual({
      ok: true,
      platformPostId: created.commentUrn,
      url: `https://www.linkedin.com/feed/update/${urn}/?commentUrn=${encodeURIComponent(created.commentUrn)}`,
    });
    const call = linkedin.comments.received().find((one) => one.urn === urn)!;
    // Plain text: nothing escaped, no hashtag template.
    expect(call.body).toEqual({ actor: 'urn:li:person:member-1', object: urn, message: { text } });
    // 201: the fake answers 400/415/426 when the Rest.li headers or the version are missing.
    expect(call.status).toBe(201);
  });

  it('comments as the page the profile posts as (the page’s author)', async () => {
    const { profile } = await connect({ sub: 'page-admin', name: 'Page Admin' }, '2414183');
    const { urn, outcome } = await postAndComment(profile, 'From the page');
    expect(outcome.ok).toBe(true);
    expect(linkedin.createdPosts().find((post) => post.urn === urn)?.body.author).toBe('urn:li:organization:2414183');
    expect(linkedin.comments.created().filter((one) => one.object === urn)).toEqual([
      expect.objectContaining({ actor: 'urn:li:organization:2414183', text: 'From the page' }),
    ]);
  });

  it('classifies LinkedIn’s refusals: 5xx and 429 retryable, 401 an expired token, the rest rejected with LinkedIn’s words', async () => {
    const { profile } = await connect({ sub: 'member-2' });
    linkedin.comments.refuseNext(1, { status: 503 });
    expect((await postAndComment(profile, 'one')).outcome).toEqual({
      ok: false,
      code: 'PLATFORM_UNAVAILABLE',
      message: 'LinkedIn answered 503',
      retryable: true,
    });
    linkedin.comments.refuseNext(1, { status: 429, message: 'Throttled' });
    expect((await postAndComment(profile, 'two')).outcome).toMatchObject({ code: 'PLATFORM_UNAVAILABLE', retryable: true });
    linkedin.comments.refuseNext(1, { status: 403, message: 'Comments are turned off' });
    expect((await postAndComment(profile, 'three')).outcome).toEqual({
      ok: false,
      code: 'PLATFORM_REJECTED',
      message: 'LinkedIn refused the comment: Comments are turned off',
      retryable: false,
    });
    const { request } = await postAndComment(profile, 'four');
    linkedin.revokeTokens('member-2');
    expect(await publisher.comment!({ ...request, text: 'after revoking' })).toMatchObject({
      ok: false,
      code: 'PLATFORM_AUTH_EXPIRED',
      retryable: false,
    });
    // A post LinkedIn does not know: its 404, rejected.
    const other = await connect({ sub: 'member-3' });
    expect(await publisher.comment!({ ...request, profile: other.profile, platformPostId: 'urn:li:share:1' })).toMatchObject({
      ok: false,
      code: 'PLATFORM_REJECTED',
      message: expect.stringContaining('urn:li:share:1 not found'),
    });
  });

  it('LinkedIn unreachable before sending is retryable; nothing was created', async () => {
    const { profile } = await connect({ sub: 'member-4' });
    const { request } = await postAndComment(profile, 'first');
    // A port nothing listens on: the connection is refused, so the comment cannot have been sent.
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const closed = createLinkedInPublisher({
      apiBaseUrl: `http://127.0.0.1:${port}`,
      apiVersion: PINNED_LINKEDIN_API_VERSION,
      timeoutMs: 2000,
    });
    const before = linkedin.comments.created().length;
    expect(await closed.comment!({ ...request, text: 'unreachable' })).toMatchObject({
      ok: false,
      code: 'PLATFORM_UNAVAILABLE',
      retryable: true,
    });
    expect(linkedin.comments.created().length).toBe(before);
  });
});
