import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PINNED_LINKEDIN_API_VERSION } from '#shared/domain/linkedin-api-version';
import type { PlatformPublisher, PublishRequest } from '#shared/platforms/publisher';
import type { ProfileItem } from '#shared/store/profiles';
import { startFakeLinkedIn, type FakeLinkedIn } from '../fakes/fake-linkedin';
import { smallJpeg } from '../support/images';
import { useTestTable, type TestTable } from '../support/test-service';

/**
 * Tokens only to the platform (issue 38, item 7): LinkedIn's `initializeUpload` names where the
 * bytes go, and the member's Bearer token goes with them. When the answer names a place off
 * LinkedIn's upload hosts (here: another local server), the upload fails PLATFORM_REJECTED and
 * that server receives nothing; the fake's own origin is allowed through LINKEDIN_UPLOAD_HOSTS,
 * as LinkedIn's hosts are by default.
 */
describe('LinkedIn upload URLs only on the allowed hosts', () => {
  let linkedin: FakeLinkedIn;
  let table: TestTable;
  let publisher: PlatformPublisher;
  let stray: Server;
  let strayOrigin: string;
  const strayRequests: string[] = [];

  beforeAll(async () => {
    linkedin = await startFakeLinkedIn();
    table = await useTestTable({ ...linkedin.settings(), LINKEDIN_API_VERSION: PINNED_LINKEDIN_API_VERSION });
    ({ linkedinPublisher: publisher } = await import('#shared/platforms/linkedin/publisher'));
    stray = createServer((request, response) => {
      strayRequests.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
      response.end();
    });
    await new Promise<void>((resolve) => stray.listen(0, '127.0.0.1', resolve));
    strayOrigin = `http://127.0.0.1:${(stray.address() as AddressInfo).port}`;
  });
  afterEach(() => linkedin.answerUploadsOn(undefined));
  afterAll(async () => {
    await new Promise((resolve) => stray.close(resolve));
    await linkedin.stop();
    await table.drop();
  });

  async function connectedProfile(): Promise<ProfileItem> {
    const { sealLinkedInCredentials } = await import('#shared/platforms/linkedin/credentials');
    const sub = `uploader-${randomUUID().slice(0, 8)}`;
    const token = linkedin.issueToken({ sub, name: sub });
    const [accountId, profileId] = [randomUUID(), randomUUID()];
    const expiresAt = new Date(token.expiresAt).toISOString();
    return {
      id: profileId,
      account_id: accountId,
      platform: 'linkedin',
      handle: sub,
      display_name: sub,
      platform_user_id: `urn:li:person:${sub}`,
      connected_at: new Date().toISOString(),
      expires_at: expiresAt,
      needs_reconnect: false,
      credentials: await sealLinkedInCredentials(
        { access_token: token.token, expires_at: expiresAt },
        { account_id: accountId, profile_id: profileId },
      ),
    };
  }
  const request = async (extra: Partial<PublishRequest>): Promise<PublishRequest> => ({
    postId: randomUUID(),
    accountId: 'account',
    content: `upload hosts ${randomUUID()}`,
    postTime: new Date(),
    profile: (await import('#shared/store/profiles')).toPlatformProfile(await connectedProfile()),
    attempt: 1,
    ...extra,
  });
  const image = async () => ({ bytes: await smallJpeg(), contentType: 'image/jpeg', width: 64, height: 48, altText: 'alt' });
  const video = (bytes: Buffer) => ({
    mediaId: randomUUID(),
    sizeBytes: bytes.length,
    width: 64,
    height: 36,
    altText: '',
    read: async (start: number, end: number) => bytes.subarray(start, end),
    savedJob: async () => undefined,
    saveJob: async () => undefined,
  });
  const refused = { ok: false, code: 'PLATFORM_REJECTED', retryable: false, message: expect.stringContaining('outside its upload hosts') };

  it("uploads to the fake's own origin, allowed by the setting (the control)", async () => {
    const posted = linkedin.postCount();
    expect(await publisher.publish(await request({ images: [await image()] }))).toMatchObject({ ok: true });
    expect(linkedin.postCount()).toBe(posted + 1);
  });

  it('refuses an image upload URL on another server: PLATFORM_REJECTED, no post, the server gets no request', async () => {
    linkedin.answerUploadsOn(strayOrigin);
    const posted = linkedin.postCount();
    expect(await publisher.publish(await request({ images: [await image()] }))).toEqual(refused);
    expect(linkedin.postCount()).toBe(posted);
    expect(strayRequests).toEqual([]);
  });

  it('refuses a video whose part URLs are on another server before sending any part', async () => {
    linkedin.answerUploadsOn(strayOrigin);
    const posted = linkedin.postCount();
    expect(await publisher.publish(await request({ video: video(Buffer.alloc(1024, 7)) }))).toEqual(refused);
    expect(linkedin.postCount()).toBe(posted);
    expect(strayRequests).toEqual([]);
  });

  it("refuses LinkedIn's own host over http: https is part of the rule", async () => {
    linkedin.answerUploadsOn('http://www.linkedin.com');
    expect(await publisher.publish(await request({ images: [await image()] }))).toEqual(refused);
  });

  it("publishes a link card without its thumbnail when the thumbnail's upload URL is elsewhere", async () => {
    linkedin.answerUploadsOn(strayOrigin);
    const thumbnail = { bytes: await smallJpeg(), mimeType: 'image/jpeg' as const, width: 64, height: 48 };
    const outcome = await publisher.publish(
      await request({ linkCard: { url: 'https://example.com/a', title: 'A', description: '', thumbnail } }),
    );
    expect(outcome).toMatchObject({ ok: true });
    const post = linkedin.createdPosts().at(-1);
    expect(post?.body.content).toEqual({ article: { source: 'https://example.com/a', title: 'A' } });
    expect(strayRequests).toEqual([]);
  });
});
